// The local payment simulator's pages (local host only; functions/adapters/payment-simulator.ts does
// the work): Stripe's hosted onboarding, Checkout and Express dashboard stand-ins. A person completes or
// abandons onboarding, pays, declines the card, cancels or lets the session expire; the app hears of it
// only through the signed webhook events the simulator posts, as it would from Stripe. The redirects
// go to the URLs the app gave when it made the link or the session, never to one from the form.

import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  actOnCheckout,
  actOnOnboarding,
  checkoutVisit,
  onboardingVisit,
  simulatedDashboard,
  SIMULATOR_PATHS,
  type CheckoutChoice,
  type OnboardingChoice,
} from '@partage/functions/adapters/payment-simulator';
import type { SimulatedSession } from '@partage/functions/data/payment-simulator';
import { escapeHtml, sendDevPage } from './dev-page';
import { readBody, sendText } from './http-io';

export { SIMULATOR_PATHS as DEV_PAYMENTS_PATHS };

const ONBOARDING_CHOICES: Record<OnboardingChoice, string> = {
  complete: 'Complete onboarding (business details, bank account, identity verified)',
  leave: 'Leave without finishing (back to the site)',
  expire: 'Simulate an expired link (the site makes a new one)',
};

const CHECKOUT_CHOICES: Record<CheckoutChoice, string> = {
  pay: 'Pay with a test card',
  decline: 'Pay with a card that is declined',
  cancel: 'Cancel and go back to the site',
  expire: 'Let the session expire now',
};

const query = (request: IncomingMessage, name: string) => new URL(request.url ?? '/', 'http://localhost').searchParams.get(name) ?? '';
const form = async (request: IncomingMessage) => new URLSearchParams((await readBody(request, 16 * 1024)).toString('utf8'));
function seeOther(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}
const isChoice = <T extends string>(choices: Record<T, string>, value: string | null): value is T => value !== null && value in choices;

const buttons = <T extends string>(action: string, field: string, id: string, choices: Record<T, string>) =>
  (Object.entries(choices) as [T, string][])
    .map(
      ([choice, label]) =>
        `<form method="post" action="${action}"><input type="hidden" name="${field}" value="${escapeHtml(id)}"><button type="submit" name="choice" value="${choice}">${escapeHtml(label)}</button></form>`,
    )
    .join('\n');

const dollars = (cents: number) => `${(cents / 100).toFixed(2)} $ CA`;

function checkoutPage(session: SimulatedSession, declined: boolean): string {
  const facts = `<dl>
<dt>Amount</dt><dd>${dollars(session.amountCents)}</dd>
<dt>For</dt><dd>${escapeHtml(session.description)}</dd>
<dt>Contract</dt><dd><code>${escapeHtml(session.contractId)}</code>, version ${session.contractVersion}</dd>
<dt>Session</dt><dd><code>${escapeHtml(session.sessionId)}</code>, ${escapeHtml(session.status)}, expires ${escapeHtml(new Date(session.expiresAt * 1000).toISOString())}</dd>
</dl>`;
  if (session.status !== 'open')
    return `${facts}<p>This session is ${escapeHtml(session.status)}. <a href="${escapeHtml(session.status === 'complete' ? session.successUrl : session.cancelUrl)}">Back to the site</a></p>`;
  const refusal = declined ? '<p role="alert">Your card was declined. Try another card.</p>' : '';
  return `<p>The local stand-in for Stripe Checkout: no card data, no money.</p>${refusal}${facts}${buttons(SIMULATOR_PATHS.checkout, 'session', session.sessionId, CHECKOUT_CHOICES)}`;
}

export function createDevPayments() {
  return {
    async onboarding(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const visit = await onboardingVisit(query(request, 'link'));
      if (!visit) return sendText(response, 404, 'This onboarding link is unknown or has expired: go back to the site for a new one.');
      const { account } = visit;
      sendDevPage(
        response,
        'Payment provider: onboarding',
        `<p>The local stand-in for Stripe Connect's hosted onboarding of account <code>${escapeHtml(account.accountId)}</code> (${escapeHtml(account.email)}).</p>
<p>Details submitted: ${account.detailsSubmitted ? 'yes' : 'no'}; charges: ${account.chargesEnabled ? 'enabled' : 'disabled'}; payouts: ${account.payoutsEnabled ? 'enabled' : 'disabled'}.</p>
${buttons(SIMULATOR_PATHS.onboarding, 'link', query(request, 'link'), ONBOARDING_CHOICES)}`,
      );
    },

    async onboardingChoice(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const fields = await form(request);
      const choice = fields.get('choice');
      const visit = await onboardingVisit(fields.get('link') ?? '');
      if (!visit || !isChoice(ONBOARDING_CHOICES, choice)) return sendText(response, 404, 'Unknown or expired onboarding link');
      seeOther(response, await actOnOnboarding(visit, choice));
    },

    async dashboard(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const dashboard = await simulatedDashboard(query(request, 'account'));
      if (!dashboard) return sendText(response, 404, 'No such account');
      const rows = dashboard.transfers
        .map(
          (transfer) =>
            `<tr><td><code>${escapeHtml(transfer.transferId)}</code></td><td>${dollars(transfer.amountCents)}</td><td><code>${escapeHtml(transfer.transferGroup)}</code></td><td>${escapeHtml(new Date(transfer.created * 1000).toISOString())}</td></tr>`,
        )
        .join('\n');
      sendDevPage(
        response,
        'Payment provider: Express dashboard',
        `<p>The local stand-in for the Stripe Express dashboard of <code>${escapeHtml(dashboard.account.accountId)}</code> (${escapeHtml(dashboard.account.email)}).</p>
${
  rows
    ? `<table><caption>Transfers received, newest first</caption><thead><tr><th scope="col">Transfer</th><th scope="col">Amount</th><th scope="col">Contract</th><th scope="col">Made</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No transfer yet.</p>'
}`,
      );
    },

    async checkout(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const session = await checkoutVisit(query(request, 'session'));
      if (!session) return sendText(response, 404, 'No such Checkout Session');
      sendDevPage(response, 'Payment provider: checkout', checkoutPage(session, false));
    },

    async checkoutChoice(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const fields = await form(request);
      const choice = fields.get('choice');
      const session = await checkoutVisit(fields.get('session') ?? '');
      if (!session || !isChoice(CHECKOUT_CHOICES, choice)) return sendText(response, 404, 'No such Checkout Session');
      const next = await actOnCheckout(session, choice);
      if (next) return seeOther(response, next);
      sendDevPage(response, 'Payment provider: checkout', checkoutPage(session, true));
    },
  };
}
