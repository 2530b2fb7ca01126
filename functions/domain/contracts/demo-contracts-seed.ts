// Demo contracts of `npm start` (issue 20): proprietaire@exemple.ca and locataire@exemple.ca have a
// contract in every state, made through the app's own use cases so that the conversations show their
// system lines, the outbox their e-mails and the simulator their payments and transfers:
// - proposals (a step of their own, the first seeded): one SUBMITTED, one the owner withdrew (CANCELLED);
// - with the local payment simulator, paid ones: PAID (a future rental), REFUNDED (the owner cancelled
//   it after payment), CLOSED (a past rental, paid out and closed), and PAYOUT_DONE whose end has passed
//   (a past two-day rental paid out after its first day, whose closing has not run: see below).
// The past rentals are played on a clock of their own (withClock) set weeks back, so that a proposal's
// start is not in the past when made, and the payment's event is handled in this process (the local
// host does not answer requests until it has seeded), signed and verified as any simulator event.
// Each step is claimed once (claimSeedSteps), whatever the number of starts. The demo owner has read
// the conversations at the end (the journeys start with nothing unread on their side).

import { addDays, firstUnavailableDay, periodInstants, quebecToday, type ContractPeriodInput } from '@partage/graphql';
import { actOnCheckout, deliveringWith, simulatorEventsDelivered, type SimulatorEventDelivery } from '../../adapters/payment-simulator';
import { scheduler } from '../../adapters/scheduler';
import { ownerAds, type AdRecord } from '../../data/ads';
import { bookedPeriods, getContract, type BookingHold, type ContractRecord } from '../../data/contracts';
import { getSimulatorRecord } from '../../data/payment-simulator';
import { claimSeedSteps } from '../../data/seed-progress';
import { getUser } from '../../data/users';
import { demoConversation } from '../chat/demo-conversation';
import { removeConversationNotification } from '../chat/read-marks';
import { manualClock, now, withClock } from '../clock';
import type { Identity } from '../identity';
import { receivePaymentWebhook } from '../payments/webhooks';
import { periodsOverlap } from './booking-periods';
import { assertBookable, contractContentOf } from './contract-content';
import { acceptAndPayContract } from './contract-payment';
import { refundContract } from './contract-refunds';
import { runContractPaid } from './contract-payment-events';
import { runClose, runPayout } from './contract-payouts';
import { contractPorts } from '../../adapters/composition-root';
import { cancelContract } from './contract-cancellation';
import { submitProposal } from './contracts';

const PROPOSALS_SEED = 'DEMO_CONTRACTS#1';
const PAID_SEED = 'DEMO_CONTRACTS_PAID#1';
const OWNER: Identity = { userId: 'demo-proprietaire', role: 'USER' };
const TENANT: Identity = { userId: 'demo-locataire', role: 'USER' };

const DAY_MS = 86_400_000;

/** The demo contracts' ids, by the state they are seeded in (e.g. /contrats/demo-contrat-verse). */
export const DEMO_CONTRACT_IDS = {
  SUBMITTED: 'demo-contrat-propose',
  CANCELLED: 'demo-contrat-annule',
  PAID: 'demo-contrat-paye',
  REFUNDED: 'demo-contrat-rembourse',
  CLOSED: 'demo-contrat-termine',
  /** Ended, paid out, not closed. */
  PAYOUT_DONE: 'demo-contrat-verse',
} as const;

/**
 * A period of `days` whole days the ad offers and no other contract holds, starting `fromDay` days ahead
 * or up to `window` days later. (Which days an ad offers depends on the weekday the seed runs: without the
 * holds, a proposal seeded on a Friday took the days the paid contract holds.)
 */
function availablePeriod(ad: AdRecord, { fromDay, days = 1, window = 90 }: Proposal, held: BookingHold[]): ContractPeriodInput | null {
  for (let offset = fromDay; offset < fromDay + window; offset++) {
    const period = {
      precision: 'DAY' as const,
      start: addDays(quebecToday(now()), offset),
      end: addDays(quebecToday(now()), offset + days),
    };
    const instants = periodInstants(period)!;
    const taken = held.some((hold) =>
      periodsOverlap(hold, { startAt: instants.startAt.toISOString(), endAt: instants.endAt.toISOString() }),
    );
    if (!taken && !firstUnavailableDay(period, ad.content.availability)) return period;
  }
  return null;
}

interface Proposal {
  /** Fixed, so that other demo data and the docs can name it (DEMO_CONTRACT_IDS). */
  id: string;
  fromDay: number;
  days?: number;
  /** How many later starts to try (a past rental must be over by today). */
  window?: number;
  totalPriceCents: number;
  terms: string;
}

/** The owner proposes `proposal` to the demo tenant about the first of `ads` that offers its days; null when none does. */
async function propose(ads: AdRecord[], proposal: Proposal): Promise<ContractRecord | null> {
  for (const ad of ads) {
    const period = availablePeriod(ad, proposal, await bookedPeriods(ad.id, now().toISOString()));
    if (!period) continue;
    const conversation = await demoConversation(TENANT, OWNER, ad.id, 'Bonjour, votre équipement est-il libre à ces dates ?');
    const content = await contractContentOf((await getUser(OWNER.userId))!, ad, {
      period,
      totalPriceCents: proposal.totalPriceCents,
      terms: proposal.terms,
      files: [],
      disclaimerAccepted: true,
    });
    await assertBookable(ad, content);
    return submitProposal({ id: conversation.id, adId: ad.id, askerId: TENANT.userId }, OWNER.userId, content, proposal.id);
  }
  return null;
}

/** The simulator's events handed to the webhook's handling in this process, signed and verified as over HTTP. */
const handledHere: SimulatorEventDelivery = async (payload, signature) => {
  await receivePaymentWebhook(payload, signature);
};

/**
 * The tenant accepts and pays the contract on the simulator's Checkout: PAID from the verified event.
 * What the webhook leaves to the contract-paid job (receipts, the conversation's line, closing and
 * reminders scheduled) runs here too, on the seed's clock, not later by the host's scheduler.
 */
async function pay(contract: ContractRecord): Promise<void> {
  const checkout = await acceptAndPayContract(TENANT, { contractId: contract.id, expectedVersion: contract.version });
  const session = await getSimulatorRecord('SESSION', new URL(checkout.url).searchParams.get('session')!);
  await actOnCheckout(session!, 'pay', handledHere);
  await runContractPaid({ contractId: contract.id });
  await scheduler().cancel(`paid-${contract.id}`);
}

/** A clock `days` days from now (negative: in the past), standing still. */
const daysFromNow = (days: number) => manualClock(new Date(now().getTime() + days * DAY_MS));

/**
 * A past rental proposed and paid `daysAgo` days ago, then its payout run a day after its start (the
 * schedule's time), and its closing at its end when `closed`.
 */
async function pastPaidOut(ads: AdRecord[], daysAgo: number, proposal: Proposal, closed: boolean): Promise<ContractRecord | null> {
  const contract = await withClock(daysFromNow(-daysAgo), async () => {
    const proposed = await propose(ads, proposal);
    if (proposed) await pay(proposed);
    return proposed;
  });
  if (!contract) return null;
  await withClock(manualClock(new Date(Date.parse(contract.content.startAt) + DAY_MS)), () =>
    runPayout(contractPorts, { contractId: contract.id }),
  );
  if (closed) await withClock(manualClock(contract.content.endAt), () => runClose(contractPorts, { contractId: contract.id }));
  // Run by the seed, on its clock: the host's scheduler must not run them again on its own.
  await scheduler().cancel(`payout-${contract.id}`);
  await scheduler().cancel(`close-${contract.id}`);
  return (await getContract(contract.id))!;
}

/** The paid states (the simulator only: on Stripe no seed pays); the contracts it made. */
async function seedPaidContracts(ads: AdRecord[]): Promise<ContractRecord[]> {
  // CLOSED: one day three to four weeks ago, paid out, closed at its end.
  const closed = await pastPaidOut(
    ads,
    30,
    {
      id: DEMO_CONTRACT_IDS.CLOSED,
      fromDay: 5,
      window: 7,
      totalPriceCents: 24_000,
      terms: '<p>Location d’une journée. Remise des clés à 7 h, retour à 19 h.</p>',
    },
    true,
  );
  // PAYOUT_DONE, ended: two days ending 3 to 9 days ago, paid out after the first one. Its closing (a job at the
  // end) is left unrun, as between a rental's end and its closing job, so that a finished rental
  // still paid out only is there to see (and to rate).
  const paidOut = await pastPaidOut(
    ads,
    16,
    {
      id: DEMO_CONTRACT_IDS.PAYOUT_DONE,
      fromDay: 5,
      days: 2,
      window: 7,
      totalPriceCents: 41_000,
      terms: '<p>Deux jours. Nettoyage par le locataire avant le retour.</p>',
    },
    false,
  );
  // REFUNDED: paid, then cancelled by the owner before the payout (the dates are freed).
  const refunded = await propose(ads, {
    id: DEMO_CONTRACT_IDS.REFUNDED,
    fromDay: 14,
    totalPriceCents: 15_500,
    terms: '<p>Location d’une journée, annulable jusqu’à la veille.</p>',
  });
  if (refunded) {
    await pay(refunded);
    // The refund's events (refund.created, charge.refunded) are handled here, as the payment's are.
    await deliveringWith(handledHere, () => refundContract(OWNER, { contractId: refunded.id, expectedVersion: refunded.version }));
    await simulatorEventsDelivered();
  }
  // PAID: a future rental, its payout scheduled 24 h after its start.
  const paid = await propose(ads, {
    id: DEMO_CONTRACT_IDS.PAID,
    fromDay: 10,
    totalPriceCents: 27_500,
    terms: '<p>Location d’une journée. Dépôt de garantie remis au retour.</p>',
  });
  if (paid) await pay(paid);
  return [closed, paidOut, refunded, paid].filter((contract) => contract !== null);
}

/** A SUBMITTED proposal and one the owner withdrew; the contracts it made. */
async function seedProposals(ads: AdRecord[]): Promise<ContractRecord[]> {
  const first = await propose(ads, {
    id: DEMO_CONTRACT_IDS.SUBMITTED,
    fromDay: 7,
    totalPriceCents: 18_000,
    terms: '<p>Remise des clés à 8 h, retour le lendemain à 8 h. Nettoyage par le locataire.</p>',
  });
  const second = await propose(ads, {
    id: DEMO_CONTRACT_IDS.CANCELLED,
    fromDay: 21,
    totalPriceCents: 32_550,
    terms: '<p>Utilisation en soirée seulement. Dépôt de garantie remis au retour.</p>',
  });
  if (second) await cancelContract(OWNER, { contractId: second.id, expectedVersion: 1 });
  return [first, second].filter((contract) => contract !== null);
}

/** Seeds the demo contracts once; answers how many it made (0 when seeded already or no ad fits). */
export async function seedDemoContracts(): Promise<number> {
  // Rentals: on the ads that offer rent only.
  const ads = (await ownerAds(OWNER.userId, 'PUBLISHED', 10)).ads.filter((ad) => ad.content.rent !== null);
  if (ads.length === 0) return 0;
  const made: ContractRecord[] = [];
  // The past first: a conversation's lines then come in the order of their times.
  if (process.env.PAYMENT_PROVIDER_ADAPTER === 'simulator' && (await claimSeedSteps(PAID_SEED, 0, 1))) {
    made.push(...(await seedPaidContracts(ads)));
  }
  if (await claimSeedSteps(PROPOSALS_SEED, 0, 1)) made.push(...(await seedProposals(ads)));
  for (const conversationId of new Set(made.map((contract) => contract.conversationId))) {
    await removeConversationNotification(OWNER, { conversationId });
  }
  return made.length;
}
