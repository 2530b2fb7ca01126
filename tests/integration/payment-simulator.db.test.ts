// The local payment simulator on the local host: its onboarding and checkout pages, and the events
// it posts, signed like Stripe's, to the app's own webhook route (POST /webhooks/stripe), which stores
// the onboarding state. The demo owner starts onboarded.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProvider } from '@partage/functions/adapters/payment-provider';
import { getSimulatorRecord } from '@partage/functions/data/payment-simulator';
import { DEMO, graphql, login, startTestServer, type TestServer } from './support/local-server';

let server: TestServer;
let renter = '';
let owner = '';

beforeAll(async () => {
  server = await startTestServer();
  renter = `Bearer ${await login(server.url, DEMO.renter)}`;
  owner = `Bearer ${await login(server.url, DEMO.owner)}`;
});
afterAll(() => server?.stop());

const onboardingOf = async (authorization: string) =>
  ((await graphql(server.url, authorization, '{ me { paymentOnboarding } }')).body.data?.me as { paymentOnboarding: string })
    .paymentOnboarding;

async function onboardingLink(authorization: string): Promise<string> {
  const { body } = await graphql(server.url, authorization, 'mutation { startPaymentOnboarding { url } }');
  return (body.data?.startPaymentOnboarding as { url: string }).url;
}

/** Posts a choice of a simulator page's form, as its button does; returns the answer (redirects not followed). */
const choose = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });

describe('onboarding with the simulator', () => {
  it('starts onboarded for the demo owner', async () => {
    expect(await onboardingOf(owner)).toBe('COMPLETE');
    const { body } = await graphql(server.url, owner, 'mutation { paymentDashboardLink { url } }');
    const dashboard = await fetch((body.data?.paymentDashboardLink as { url: string }).url);
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('No transfer yet.');
  });

  it('shows the hosted page, and leaving it unfinished or with an expired link changes nothing', async () => {
    const url = new URL(await onboardingLink(renter));
    expect(url.pathname).toBe('/_dev/payments/onboarding');
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Complete onboarding');
    const link = url.searchParams.get('link')!;

    const left = await choose(url.pathname, { link, choice: 'leave' });
    expect([left.status, left.headers.get('location')]).toEqual([303, `${server.url}/paiement/fournisseur/valider?lang=fr`]);
    const expired = await choose(url.pathname, { link, choice: 'expire' });
    expect(expired.headers.get('location')).toBe(`${server.url}/paiement/fournisseur/actualiser?lang=fr`);
    expect(await onboardingOf(renter)).toBe('INCOMPLETE');
  });

  it('completes onboarding: the signed account.updated event reaches the webhook and the state is stored', async () => {
    const url = new URL(await onboardingLink(renter));
    const done = await choose(url.pathname, { link: url.searchParams.get('link')!, choice: 'complete' });
    expect([done.status, done.headers.get('location')]).toEqual([303, `${server.url}/paiement/fournisseur/valider?lang=fr`]);
    // Stored by the webhook before the browser is sent back, without the validate page's confirmation.
    expect(await onboardingOf(renter)).toBe('COMPLETE');
  });

  it('refuses an unknown link or choice, redirecting nowhere', async () => {
    expect((await fetch(`${server.url}/_dev/payments/onboarding?link=nope`)).status).toBe(404);
    const url = new URL(await onboardingLink(`Bearer ${await login(server.url, 'traiteur@exemple.ca')}`));
    const refused = await choose(url.pathname, { link: url.searchParams.get('link')!, choice: 'https://evil.example' });
    expect([refused.status, refused.headers.get('location')]).toEqual([404, null]);
  });
});

describe('checkout with the simulator', () => {
  const session = async () =>
    (await paymentProvider()).createCheckoutSession({
      contractId: `contract-${crypto.randomUUID()}`,
      contractVersion: 1,
      adId: `ad-${crypto.randomUUID()}`,
      ownerId: `owner-${crypto.randomUUID()}`,
      tenantId: `tenant-${crypto.randomUUID()}`,
      amountCents: 12_345,
      description: 'Cuisine professionnelle',
      successUrl: `${server.url}/paiement/succes`,
      cancelUrl: `${server.url}/paiement/annule`,
      expiresAt: new Date(Date.now() + 30 * 60_000),
      language: 'fr',
      idempotencyKey: crypto.randomUUID(),
    });

  it('shows the amount, declines a card on the page, and cancels back to the site with the session still open', async () => {
    const { sessionId, url } = await session();
    expect(await (await fetch(url)).text()).toContain('$123.45');
    const declined = await choose('/_dev/payments/checkout', { session: sessionId, choice: 'decline' });
    expect(declined.status).toBe(200);
    expect(await declined.text()).toContain('Your card was declined');
    const cancelled = await choose('/_dev/payments/checkout', { session: sessionId, choice: 'cancel' });
    expect(cancelled.headers.get('location')).toBe(`${server.url}/paiement/annule`);
    expect((await getSimulatorRecord('SESSION', sessionId))?.status).toBe('open');
  });

  it('pays: the session completes and its event is acknowledged by the webhook', async () => {
    const { sessionId } = await session();
    const paid = await choose('/_dev/payments/checkout', { session: sessionId, choice: 'pay' });
    expect([paid.status, paid.headers.get('location')]).toEqual([303, `${server.url}/paiement/succes`]);
    expect(await getSimulatorRecord('SESSION', sessionId)).toMatchObject({ status: 'complete', paymentStatus: 'paid' });
    // Paying again is not possible: the page sends back to the success URL.
    expect((await choose('/_dev/payments/checkout', { session: sessionId, choice: 'pay' })).headers.get('location')).toBe(
      `${server.url}/paiement/succes`,
    );
  });

  it('expires a session, by the page or by the port, and then takes no payment', async () => {
    const first = await session();
    const expired = await choose('/_dev/payments/checkout', { session: first.sessionId, choice: 'expire' });
    expect(expired.headers.get('location')).toBe(`${server.url}/paiement/annule`);
    const second = await session();
    await (await paymentProvider()).expireCheckoutSession(second.sessionId, crypto.randomUUID());
    for (const { sessionId } of [first, second]) {
      expect((await getSimulatorRecord('SESSION', sessionId))?.status).toBe('expired');
      const late = await choose('/_dev/payments/checkout', { session: sessionId, choice: 'pay' });
      expect(late.headers.get('location')).toBe(`${server.url}/paiement/annule`);
    }
  });
});
