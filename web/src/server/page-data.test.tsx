// The answers a server's page hands to the app (lib/api/page-data.ts): carried safely, and read instead of asking.
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_DATA_ID } from '@partage/graphql';
import { AD_BOOKED_PERIODS } from '../lib/ads/calendar';
import { AD_DETAIL } from '../features/ads/operations';
import { pageDataElement, seedPageData, type PageDataEntry } from '../lib/api/page-data';
import { queryKey } from '../lib/api/queries';
import { queryClient } from '../lib/api/query-client';
import { AD_ID, testAd } from '../test/ads';
import { answerOperations, callsOf } from '../test/fake-api';
import { renderAt, signIn } from '../test/helpers';

// MapLibre needs WebGL, which jsdom lacks.
vi.mock('../features/ads/AdMap', () => ({ AdMap: () => null }));

const HOSTILE_TITLE = 'Four </script><script>alert(1)</script> <!-- & \u2028 fin';

/** The page as the browser parses the server's HTML: the element, then what follows it. */
function pageWith(entries: PageDataEntry[]): Document {
  return new DOMParser().parseFromString(
    `<body><div id="root"></div>${pageDataElement(entries)}<p id="after">after</p></body>`,
    'text/html',
  );
}

const adEntries = (ad: unknown): PageDataEntry[] => [
  { key: queryKey(AD_DETAIL, { id: AD_ID }), data: { ad } },
  { key: queryKey(AD_BOOKED_PERIODS, { adId: AD_ID }), data: { adBookedPeriods: [] } },
];

describe('the page-data element', () => {
  it('keeps a title holding </script>, a comment opener and a line separator inside its JSON', () => {
    const ad = testAd({ title: { fr: HOSTILE_TITLE, en: HOSTILE_TITLE } });
    const page = pageWith(adEntries(ad));
    // One element, nothing run or added after it, and the paragraph after it is still a paragraph.
    expect(page.querySelectorAll('script')).toHaveLength(1);
    expect(page.getElementById('after')?.textContent).toBe('after');
    expect(pageDataElement(adEntries(ad))).not.toMatch(/<\/script>.*<\/script>/s);

    seedPageData(page);
    expect(queryClient.getQueryData(queryKey(AD_DETAIL, { id: AD_ID }))).toEqual({ ad });
    expect(page.getElementById(PAGE_DATA_ID)).toBeNull();
  });

  it('changes nothing on a page without it', () => {
    seedPageData(new DOMParser().parseFromString('<body><div id="root"></div></body>', 'text/html'));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});

describe('an ad’s page taken over from the server', () => {
  it('shows the ad the server painted without asking the API for it', async () => {
    seedPageData(pageWith(adEntries(testAd())));
    renderAt(`/annonces/cuisine-commerciale-${AD_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Commercial kitchen' })).toBeVisible();
    expect(callsOf('ad')).toEqual([]);
    expect(callsOf('adBookedPeriods')).toEqual([]);
  });

  it('asks again for a signed-in reader, whose view differs from a visitor’s (their own ad’s edit link)', async () => {
    signIn('USER', 'owner-1');
    seedPageData(pageWith(adEntries(testAd({ editable: false }))));
    // The reader's own view, answered by the API once the page mounts.
    answerOperations({ ad: testAd({ editable: true }), adBookedPeriods: [[]], myFavouriteAdIds: [[]] });
    renderAt(`/annonces/cuisine-commerciale-${AD_ID}`);
    // The visitor's view at once (the page does not go back to "Loading…"), then the reader's.
    expect(screen.getByRole('heading', { level: 1, name: 'Commercial kitchen' })).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Edit the ad' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Contact the owner' })).not.toBeInTheDocument();
    expect(callsOf('ad')).toEqual([{ id: AD_ID }]);
  });
});
