import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as CookieConsent from 'vanilla-cookieconsent';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/helpers';
import { i18n } from '../i18n/i18n';

// Each test starts as a new page would: fresh modules, nothing loaded; the stored choice (a cookie) is
// cleared after each test, except where a test keeps it to reload.
async function freshPage(analyticsId?: string) {
  vi.resetModules();
  // What the footer's "cookie preferences" reads to know whether there is analytics.
  mockFetch({ 'GET /config.json': json({ graphqlEndpoint: '/graphql', apiUrl: '', ...(analyticsId ? { analyticsId } : {}) }) });
  return { consent: await import('./consent'), analytics: await import('./analytics') };
}

const MEASUREMENT_ID = 'G-TEST1';
const analyticsScript = () => document.querySelector<HTMLScriptElement>('script[src*="googletagmanager"]');
const commands = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const pageViews = () =>
  commands()
    .filter(([command, name]) => command === 'event' && name === 'page_view')
    .map(([, , parameters]) => parameters as { page_location: string; page_path: string });
const cookieNames = () =>
  document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(Boolean);
const banner = () => screen.findByRole('dialog', { name: 'Audience measurement' });
// The library keeps its boxes in the page and shows one by a class on <html> (its styles do the rest).
const bannerShown = () => document.documentElement.classList.contains('show--consent');
const preferencesShown = () => document.documentElement.classList.contains('show--preferences');

beforeEach(() => {
  window.history.replaceState(null, '', '/reenvoyer-courriel?email=ana%40exemple.ca&view=map');
});

afterEach(() => {
  CookieConsent.reset(true);
  document.getElementById('cc-main')?.remove();
  analyticsScript()?.remove();
  delete window.dataLayer;
  for (const name of cookieNames()) document.cookie = `${name}=; Max-Age=0; path=/`;
});

async function acceptAnalytics() {
  const { consent, analytics } = await freshPage(MEASUREMENT_ID);
  await consent.startCookieConsent({ analyticsId: MEASUREMENT_ID });
  await userEvent.click(within(await banner()).getByRole('button', { name: 'Accept' }));
  return { consent, analytics };
}

// Each test loads the consent library's chunk anew: slow on a busy 2-core machine.
describe('cookie consent', () => {
  it('asks whether analytics may run, says for how long the answer is kept, and loads nothing before an answer', async () => {
    const { consent } = await freshPage(MEASUREMENT_ID);
    await consent.startCookieConsent({ analyticsId: MEASUREMENT_ID });
    const box = await banner();
    expect(bannerShown()).toBe(true);
    expect(within(box).getByRole('heading', { name: 'Audience measurement' })).toBeInTheDocument();
    expect(box).toHaveTextContent('Your choice is kept 14 days');
    expect(analyticsScript()).toBeNull();
    expect(window.dataLayer).toBeUndefined();
  });

  it('speaks the language of the site, and follows the language toggle', async () => {
    const { consent } = await freshPage();
    await i18n.changeLanguage('fr');
    await consent.startCookieConsent({ analyticsId: MEASUREMENT_ID });
    const box = await screen.findByRole('dialog', { name: "Mesure d'audience" });
    expect(within(box).getByRole('button', { name: 'Accepter' })).toBeInTheDocument();
    expect(box).toHaveTextContent('Choix conservé 14 jours');
    await i18n.changeLanguage('en');
    expect(await within(await banner()).findByRole('button', { name: 'Accept' })).toBeInTheDocument();
  });

  it('loads gtag.js with the id and an anonymised IP once accepted, and counts pages without personal data', async () => {
    const { analytics } = await acceptAnalytics();
    await waitFor(() => expect(analyticsScript()?.src).toBe(`https://www.googletagmanager.com/gtag/js?id=${MEASUREMENT_ID}`));
    expect(bannerShown()).toBe(false);
    expect(commands()).toContainEqual(['config', MEASUREMENT_ID, expect.objectContaining({ anonymize_ip: true, send_page_view: false })]);
    expect(pageViews()).toEqual([
      {
        send_to: MEASUREMENT_ID,
        page_location: 'http://localhost:3000/reenvoyer-courriel?email=[redacted]&view=map',
        page_path: '/reenvoyer-courriel?email=[redacted]&view=map',
      },
    ]);
    analytics.trackPageView('/confirmez-courriel?token=secret-1');
    expect(pageViews().at(-1)).toMatchObject({ page_path: '/confirmez-courriel?token=[redacted]' });
    expect(JSON.stringify(commands())).not.toMatch(/ana|secret-1/);
  });

  it('loads nothing and counts nothing when the visitor refuses', async () => {
    const { consent, analytics } = await freshPage(MEASUREMENT_ID);
    await consent.startCookieConsent({ analyticsId: MEASUREMENT_ID });
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Reject' }));
    analytics.trackPageView('/annonces');
    expect(analyticsScript()).toBeNull();
    expect(pageViews()).toEqual([]);
  });

  it('stops counting, removes gtag.js and deletes its cookies when the visitor withdraws in the preferences', async () => {
    const { consent, analytics } = await acceptAnalytics();
    await waitFor(() => expect(analyticsScript()).not.toBeNull());
    // What gtag.js would have written.
    document.cookie = '_ga=GA1.1.123.456; path=/';
    document.cookie = '_ga_TEST1=GS1.1.789; path=/';
    document.cookie = 'other=kept; path=/';

    await consent.openCookiePreferences();
    expect(preferencesShown()).toBe(true);
    const preferences = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    expect(within(preferences).getByRole('checkbox', { name: 'Audience measurement' })).toBeChecked();
    await userEvent.click(within(preferences).getByRole('button', { name: 'Reject all' }));

    await waitFor(() => expect(analyticsScript()).toBeNull());
    expect(cookieNames()).not.toContain('_ga');
    expect(cookieNames()).not.toContain('_ga_TEST1');
    expect(cookieNames()).toContain('other');
    expect((window as unknown as Record<string, unknown>)[`ga-disable-${MEASUREMENT_ID}`]).toBe(true);
    const counted = pageViews().length;
    analytics.trackPageView('/annonces');
    expect(pageViews()).toHaveLength(counted);
  });

  it('remembers the answer on the next page load: no question, analytics at once', async () => {
    await acceptAnalytics();
    analyticsScript()?.remove();
    CookieConsent.reset(false); // a new page: the library's state goes, its cookie stays
    document.getElementById('cc-main')?.remove();
    delete window.dataLayer;

    const { consent } = await freshPage(MEASUREMENT_ID);
    await consent.startCookieConsent({ analyticsId: MEASUREMENT_ID });
    await waitFor(() => expect(analyticsScript()).not.toBeNull());
    expect(bannerShown()).toBe(false);
    expect(pageViews()).toHaveLength(1);
  });

  it('without an analytics id, asks nothing, and its preferences only say what the site keeps', async () => {
    const { consent } = await freshPage();
    await consent.startCookieConsent({});
    expect(bannerShown()).toBe(false);
    await consent.openCookiePreferences();
    expect(preferencesShown()).toBe(true);
    const preferences = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    expect(preferences).toHaveTextContent('This site uses no advertising or analytics cookies');
    expect(within(preferences).getByRole('checkbox', { name: 'Necessary' })).toBeDisabled();
    expect(within(preferences).queryByRole('checkbox', { name: 'Audience measurement' })).not.toBeInTheDocument();
    expect(within(preferences).queryByRole('button', { name: 'Accept all' })).not.toBeInTheDocument();
    expect(analyticsScript()).toBeNull();
  });
});
