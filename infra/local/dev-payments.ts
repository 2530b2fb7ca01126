// The local payment simulator's pages (local host only; functions/adapters/payment-simulator.ts does
// the work): Stripe's hosted onboarding, Checkout and Express dashboard stand-ins, and the platform's
// dashboard of charges. A person completes or abandons onboarding, pays (or pays with the event held
// back), declines the card, cancels or lets the session expire, restricts a connected account, refunds
// or disputes a charge; the app hears of it only through the signed webhook events the simulator posts,
// as it would from Stripe. The redirects go to the URLs the app gave when it made the link or the
// session, or back to the page, never to one from the form.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { PaymentProviderError } from '@partage/functions/adapters/payment-errors';
import { formatMoney, readTypedAmount } from '@partage/graphql';
import {
  actOnCharge,
  actOnCheckout,
  actOnOnboarding,
  checkoutVisit,
  deliverHeldEvents,
  onboardingVisit,
  restrictSimulatedAccount,
  simulatedDashboard,
  SIMULATOR_PATHS,
  type ChargeAction,
  type CheckoutChoice,
  type OnboardingChoice,
} from '@partage/functions/adapters/payment-simulator';
import {
  heldSimulatorEvents,
  simulatedCharges,
  type SimulatedCharge,
  type SimulatedSession,
} from '@partage/functions/data/payment-simulator';
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
  payLate: 'Pay, but deliver the payment event late',
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

/**
 * One form: a number typed (a test card, a bank account: two accounts given the same share its
 * fingerprint, which links them; empty, one of the account's own) and the choices' buttons.
 */
const withNumber = <T extends string>(
  action: string,
  field: string,
  id: string,
  number: { name: string; label: string },
  choices: Record<T, string>,
) =>
  `<form method="post" action="${action}"><input type="hidden" name="${field}" value="${escapeHtml(id)}">
<p><label for="${number.name}">${escapeHtml(number.label)}</label> <input id="${number.name}" name="${number.name}" inputmode="numeric" autocomplete="off"></p>
${(Object.entries(choices) as [T, string][])
  .map(([choice, label]) => `<button type="submit" name="choice" value="${choice}">${escapeHtml(label)}</button>`)
  .join('\n')}
</form>`;
const CARD_NUMBER = { name: 'card', label: "Test card number (empty: a card of this tenant's own)" };
const BANK_ACCOUNT = { name: 'bankAccount', label: "Bank account number (empty: one of this account's own)" };

/** What the platform's dashboard does to a charge; `refundPart` takes the amount field. */
const CHARGE_CHOICES = {
  refundFull: 'Refund in full from the dashboard',
  refundPart: 'Refund part from the dashboard',
  dispute: 'Open a dispute',
  disputeWon: 'Dispute won',
  disputeLost: 'Dispute lost',
  fraudWarning: 'Early fraud warning',
} as const;
type ChargeChoice = keyof typeof CHARGE_CHOICES;
const CHARGE_ACTIONS: Record<ChargeChoice, ChargeAction> = {
  refundFull: 'refund',
  refundPart: 'refund',
  dispute: 'dispute',
  disputeWon: 'disputeWon',
  disputeLost: 'disputeLost',
  fraudWarning: 'fraudWarning',
};
const DELIVER_HELD = 'deliverHeld';

// These pages are in English: amounts in its money format, typed ones read as the site reads them.
const dollars = (cents: number) => formatMoney(cents, 'en');

/** Dollars as typed (`12`, `12.5`, `1,234.50`) in integer cents; undefined when it is not an amount. */
function centsOf(typed: string): number | undefined {
  const read = readTypedAmount(typed, 'en');
  return 'cents' in read ? read.cents : undefined;
}

function chargeRow(charge: SimulatedCharge): string {
  const id = escapeHtml(charge.chargeId);
  const amountField = `amount-${id}`;
  // Each button names its charge for a screen reader, as the rows repeat the same labels.
  const forCharge = `<span class="visually-hidden"> (charge ${id})</span>`;
  const button = (choice: ChargeChoice) =>
    `<button type="submit" name="choice" value="${choice}">${escapeHtml(CHARGE_CHOICES[choice])}${forCharge}</button>`;
  const dispute = charge.dispute
    ? `${escapeHtml(charge.dispute.status)}, ${dollars(charge.dispute.amountCents)}${charge.dispute.status === 'needs_response' ? `, evidence due ${escapeHtml(new Date(charge.dispute.evidenceDueBy * 1000).toISOString())}` : ''}`
    : 'none';
  return `<tr><td><code>${id}</code></td><td><code>${escapeHtml(charge.transferGroup)}</code></td><td>${dollars(charge.amountCents)}</td><td>${dollars(charge.amountRefundedCents)}</td><td>${dispute}</td>
<td><form method="post" action="${SIMULATOR_PATHS.charges}"><input type="hidden" name="charge" value="${id}">
${button('refundFull')}
<label for="${amountField}">Amount to refund, in dollars</label> <input id="${amountField}" name="amount" inputmode="decimal" size="8"> ${button('refundPart')}
${button('dispute')} ${button('disputeWon')} ${button('disputeLost')} ${button('fraudWarning')}
</form></td></tr>`;
}

async function chargesPage(refusal?: string): Promise<string> {
  const [charges, held] = await Promise.all([simulatedCharges(), heldSimulatorEvents()]);
  const alert = refusal ? `<p role="alert">${escapeHtml(refusal)}</p>` : '';
  const deliverLate = `<form method="post" action="${SIMULATOR_PATHS.charges}"><button type="submit" name="choice" value="${DELIVER_HELD}"${held.length ? '' : ' disabled'}>Deliver late events (${held.length} held)</button></form>`;
  const table = charges.length
    ? `<table><caption>Charges paid, newest first</caption><thead><tr><th scope="col">Charge</th><th scope="col">Contract</th><th scope="col">Amount</th><th scope="col">Refunded</th><th scope="col">Dispute</th><th scope="col">Dashboard actions</th></tr></thead><tbody>${charges.map(chargeRow).join('\n')}</tbody></table>`
    : '<p>No charge yet.</p>';
  return `<p>The local stand-in for the platform's Stripe dashboard: what is done here reaches the site only as webhook events.</p>${alert}${deliverLate}${table}`;
}

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
  return `<p>The local stand-in for Stripe Checkout: no card data, no money.</p>${refusal}${facts}${withNumber(SIMULATOR_PATHS.checkout, 'session', session.sessionId, CARD_NUMBER, CHECKOUT_CHOICES)}`;
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
${withNumber(SIMULATOR_PATHS.onboarding, 'link', query(request, 'link'), BANK_ACCOUNT, ONBOARDING_CHOICES)}`,
      );
    },

    async onboardingChoice(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const fields = await form(request);
      const choice = fields.get('choice');
      const visit = await onboardingVisit(fields.get('link') ?? '');
      if (!visit || !isChoice(ONBOARDING_CHOICES, choice)) return sendText(response, 404, 'Unknown or expired onboarding link');
      seeOther(response, await actOnOnboarding(visit, choice, fields.get(BANK_ACCOUNT.name) ?? undefined));
    },

    async dashboard(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const dashboard = await simulatedDashboard(query(request, 'account'));
      if (!dashboard) return sendText(response, 404, 'No such account');
      const rows = dashboard.transfers
        .map(
          (transfer) =>
            `<tr><td><code>${escapeHtml(transfer.transferId)}</code></td><td>${dollars(transfer.amountCents)}</td><td>${dollars(transfer.amountReversedCents ?? 0)}</td><td><code>${escapeHtml(transfer.transferGroup)}</code></td><td>${escapeHtml(new Date(transfer.created * 1000).toISOString())}</td></tr>`,
        )
        .join('\n');
      sendDevPage(
        response,
        'Payment provider: Express dashboard',
        `<p>The local stand-in for the Stripe Express dashboard of <code>${escapeHtml(dashboard.account.accountId)}</code> (${escapeHtml(dashboard.account.email)}).</p>
<p>Payouts: ${dashboard.account.payoutsEnabled ? 'enabled' : 'disabled'}.</p>
<form method="post" action="${SIMULATOR_PATHS.dashboard}"><input type="hidden" name="account" value="${escapeHtml(dashboard.account.accountId)}"><button type="submit"${dashboard.account.payoutsEnabled ? '' : ' disabled'}>Restrict this account (payouts disabled)</button></form>
${
  rows
    ? `<table><caption>Transfers received, newest first</caption><thead><tr><th scope="col">Transfer</th><th scope="col">Amount</th><th scope="col">Reversed</th><th scope="col">Contract</th><th scope="col">Made</th></tr></thead><tbody>${rows}</tbody></table>`
    : '<p>No transfer yet.</p>'
}`,
      );
    },

    async restrictAccount(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const accountId = (await form(request)).get('account') ?? '';
      const dashboard = await simulatedDashboard(accountId);
      if (!dashboard) return sendText(response, 404, 'No such account');
      await restrictSimulatedAccount(dashboard.account);
      seeOther(response, `${SIMULATOR_PATHS.dashboard}?account=${encodeURIComponent(accountId)}`);
    },

    async charges(_request: IncomingMessage, response: ServerResponse): Promise<void> {
      sendDevPage(response, 'Payment provider: charges', await chargesPage());
    },

    async chargeChoice(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const fields = await form(request);
      const choice = fields.get('choice');
      if (choice === DELIVER_HELD) await deliverHeldEvents();
      else {
        if (!isChoice(CHARGE_CHOICES, choice)) return sendText(response, 400, 'Unknown action');
        const amountCents = choice === 'refundPart' ? centsOf(fields.get('amount') ?? '') : undefined;
        if (choice === 'refundPart' && !amountCents)
          return sendDevPage(response, 'Payment provider: charges', await chargesPage('Type the amount to refund in dollars, e.g. 25.50.'));
        try {
          await actOnCharge(fields.get('charge') ?? '', CHARGE_ACTIONS[choice], { amountCents });
        } catch (error) {
          if (!(error instanceof PaymentProviderError)) throw error;
          return sendDevPage(response, 'Payment provider: charges', await chargesPage(`Refused: ${error.message}`));
        }
      }
      seeOther(response, SIMULATOR_PATHS.charges);
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
      const next = await actOnCheckout(session, choice, undefined, fields.get(CARD_NUMBER.name) ?? undefined);
      if (next) return seeOther(response, next);
      sendDevPage(response, 'Payment provider: checkout', checkoutPage(session, true));
    },
  };
}
