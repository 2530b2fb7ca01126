// axe on the ad pages as rendered in jsdom (colour contrast needs a real browser: the e2e journeys check it).
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { answerOperations } from '../../test/fake-api';
import { testAd, testAds, testSummaries, testSummary } from '../../test/ads';
import { renderAt, signIn } from '../../test/helpers';

vi.mock('./AdMap', () => ({ AdMap: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));
// The search map's chunk still loading (its markers are checked in the browser by the e2e journeys).
vi.mock('../../lib/map/load-maplibre', () => ({ loadMapLibre: () => new Promise(() => undefined) }));

async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('ad pages accessibility', () => {
  it.each(['en', 'fr'] as const)('the detail page has no axe violation (%s)', async (language) => {
    const { i18n } = await import('../../lib/i18n/i18n');
    await i18n.changeLanguage(language);
    answerOperations({ ad: testAd({ title: { fr: 'Cuisine commerciale', en: null } }) });
    renderAt(`/annonces/cuisine-commerciale-${testAd().id}`);
    await screen.findByRole('heading', { level: 1, name: 'Cuisine commerciale' });
    expect(await violations()).toEqual([]);
  });

  it.each(['en', 'fr'] as const)('the search page has no axe violation, as cards and as a list (%s)', async (language) => {
    const { i18n } = await import('../../lib/i18n/i18n');
    await i18n.changeLanguage(language);
    const approximate = testSummary({ id: '00000000-0000-4000-8000-000000000009', radiusMeters: 500, distanceKm: 2.5, image: null });
    answerOperations({ searchAds: { items: [...testSummaries(2), approximate], nextToken: null } });
    const search = `/annonces?categories=SURPLUS&lieu=Rimouski&lat=48.4489&lng=-68.5236`;
    const cards = renderAt(search);
    await screen.findByRole('heading', { level: 3, name: language === 'en' ? 'Ad 1' : 'Annonce 1' });
    expect(await violations()).toEqual([]);
    cards.unmount();
    renderAt(`${search}&vue=liste`);
    await screen.findByRole('heading', { level: 3, name: language === 'en' ? 'Ad 1' : 'Annonce 1' });
    expect(await violations()).toEqual([]);
  });

  it('the manage page has no axe violation', async () => {
    answerOperations({ managedAds: { items: testAds(2), nextToken: null } });
    signIn('USER');
    renderAt('/gerer-annonces');
    await screen.findByRole('heading', { level: 2, name: 'Ad 1' });
    expect(await violations()).toEqual([]);
  });

  it('the transfer page has no axe violation', async () => {
    answerOperations({ ad: testAd({ unlisted: true, published: false }) });
    signIn('ADMIN');
    renderAt(`/annonces/transferer/${testAd().id}`);
    await screen.findByRole('textbox', { name: 'Email address of the new owner' });
    expect(await violations()).toEqual([]);
  });
});
