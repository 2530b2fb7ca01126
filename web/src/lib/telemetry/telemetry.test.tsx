import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as CookieConsent from 'vanilla-cookieconsent';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderAt } from '../../test/helpers';
import { disableAnalytics, enableAnalytics } from './analytics';
import { startTelemetry } from './telemetry';

const CONFIG = { mode: 'local', graphqlEndpoint: '/graphql', apiUrl: '', region: 'ca-central-1', version: 'test' } as const;
const pagePaths = () =>
  (window.dataLayer ?? [])
    .map((entry) => Array.from(entry as ArrayLike<unknown>))
    .filter(([command, name]) => command === 'event' && name === 'page_view')
    .map(([, , parameters]) => (parameters as { page_path: string }).page_path);

afterEach(() => {
  disableAnalytics();
  CookieConsent.reset(true);
  document.getElementById('cc-main')?.remove();
  delete window.dataLayer;
});

// The app's first render and the consent library's chunk load in the test: slow on a busy 2-core machine.
describe('telemetry in the app', () => {
  it('loads neither the consent box nor analytics nor error reporting when nothing is configured', async () => {
    const fetchMock = mockFetch({});
    startTelemetry(CONFIG);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.getElementById('cc-main')).toBeNull();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    expect(window.dataLayer).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("opens the cookie preferences from the footer's button, keyboard included", async () => {
    mockFetch({ 'GET /config.json': json(CONFIG) });
    const { user } = renderAt('/accueil');
    const footer = await screen.findByRole('navigation', { name: 'Useful links' });
    const button = within(footer).getByRole('button', { name: 'Cookie preferences' });
    button.focus();
    await user.keyboard('{Enter}');
    const preferences = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    expect(preferences).toHaveTextContent('This site uses no advertising or analytics cookies');
    await waitFor(() => expect(preferences).toContainElement(document.activeElement as HTMLElement));
    // The library reads the legacy keyCode, which browsers set and user-event does not.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape', keyCode: 27 });
    await waitFor(() => expect(document.documentElement).not.toHaveClass('show--preferences'));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('counts a page view for each page the router shows, while analytics is on', async () => {
    enableAnalytics('G-ROUTES');
    const { router } = renderAt('/accueil');
    await screen.findByRole('navigation', { name: 'Useful links' });
    await router.navigate('/connexion?returnPath=%2Falertes');
    await waitFor(() => expect(pagePaths()).toContain('/connexion?returnPath=[redacted]'));
    disableAnalytics();
    await router.navigate('/inscription');
    await screen.findByRole('heading', { level: 1 });
    expect(pagePaths()).not.toContain('/inscription');
  });
});
