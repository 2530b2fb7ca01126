// Demo rentals that are over, for the ratings of `npm start` (issue 21), run after the demo contracts:
// two organisations' two-day rentals of an ad that offers rent, the last one ended yesterday, the one
// before three days earlier (never the same dates: a double booking the product forbids), CLOSED (paid,
// paid out, closed), so that both sides can rate at once: Centre de formation (ecole@) rented from Traiteur Saveurs du Fleuve (traiteur@), and
// Conserverie du Bas-Saint-Laurent (conserverie@) from Coopérative maraîchère de l'Estrie (ferme@),
// twice each. A contract cannot be proposed in the past, so these are written as the payment, payout
// and closing would have left them (each step in the history, the parties' transactions counted as
// the payout counts them: once, both rentals being between the same two accounts within the period),
// from a real conversation about the owner's ad, with their rating reminders scheduled (the first is
// due at once: each side finds the e-mailed link in the dev mailbox). Made once (a seed step claimed first).

import { randomUUID } from 'node:crypto';
import { quebecToday } from '@partage/graphql';
import { ownerAds } from '../../data/ads';
import { putNewContractWith, type ContractRecord } from '../../data/contracts';
import { armsLengthTransactionUpdates } from '../../data/ratings';
import { claimSeedSteps } from '../../data/seed-progress';
import { demoConversation } from '../chat/demo-conversation';
import { now } from '../clock';
import { step } from '../contracts/contracts';
import { scheduleRatingReminders } from './rating-reminders';
import { markRatingsDue } from './ratings-to-give';

const DEMO_RATINGS_SEED = 'DEMO_RATINGS#1';
const DAY_MS = 86_400_000;

/** Owner → tenant of the ended demo rentals (demo-seed.ts ids). */
export const DEMO_ENDED_RENTALS = [
  { ownerId: 'demo-traiteur', tenantId: 'demo-ecole' },
  { ownerId: 'demo-ferme', tenantId: 'demo-conserverie' },
] as const;
const RENTALS_PER_PAIR = 2;

/** The `index`th two-day rental of `adId` back from yesterday (0 ended yesterday), CLOSED, as the platform's steps would have left it. */
function endedRental(pair: (typeof DEMO_ENDED_RENTALS)[number], adId: string, conversationId: string, index: number): ContractRecord {
  const end = new Date(now().getTime() - (1 + 3 * index) * DAY_MS);
  const start = new Date(end.getTime() - 2 * DAY_MS);
  const startAt = new Date(`${quebecToday(start)}T12:00:00Z`).toISOString();
  const endAt = new Date(`${quebecToday(end)}T12:00:00Z`).toISOString();
  const proposedAt = new Date(start.getTime() - 7 * DAY_MS).toISOString();
  const at = (date: Date) => date.toISOString();
  const history = [
    step('PROPOSED', { status: 'SUBMITTED', version: 1 }, pair.ownerId, proposedAt),
    step('PAID', { status: 'PAID', version: 1 }, null, at(new Date(start.getTime() - 6 * DAY_MS))),
    step('PAYOUT_DONE', { status: 'PAYOUT_DONE', version: 1 }, null, at(new Date(start.getTime() + DAY_MS))),
    step('CLOSED', { status: 'CLOSED', version: 1 }, null, endAt),
  ];
  return {
    id: randomUUID(),
    adId,
    conversationId,
    ownerId: pair.ownerId,
    tenantId: pair.tenantId,
    status: 'CLOSED',
    version: 1,
    revision: 1,
    createdAt: proposedAt,
    updatedAt: endAt,
    content: {
      precision: 'DAY',
      start: quebecToday(start),
      end: quebecToday(end),
      startAt,
      endAt,
      totalPriceCents: 24_000,
      platformFeeCents: 0,
      terms: '<p>Remise des clés à 8 h, retour le surlendemain à 8 h. Nettoyage par le locataire.</p>',
      files: [],
      disclaimerAccepted: true,
    },
    history,
  };
}

/** Seeds the ended demo rentals once; answers how many it made (0 when seeded already). */
export async function seedDemoRatings(): Promise<number> {
  if (!(await claimSeedSteps(DEMO_RATINGS_SEED, 0, 1))) return 0;
  let made = 0;
  for (const pair of DEMO_ENDED_RENTALS) {
    const ad = (await ownerAds(pair.ownerId, 'PUBLISHED', 10)).ads.find((published) => published.content.rent !== null);
    if (!ad) continue;
    const tenant = { userId: pair.tenantId, role: 'USER' } as const;
    const conversation = await demoConversation(
      tenant,
      { userId: pair.ownerId, role: 'USER' },
      ad.id,
      'Bonjour, pourrions-nous louer votre équipement ?',
    );
    for (let i = 0; i < RENTALS_PER_PAIR; i++) {
      const rental = endedRental(pair, ad.id, conversation.id, i);
      const paidOutAt = rental.history.find((entry) => entry.kind === 'PAYOUT_DONE')!.at;
      await putNewContractWith(rental, await armsLengthTransactionUpdates(rental, paidOutAt));
      // As a payment would have: each side's rating due (their dashboards list it), and the first
      // reminder due at once, so the dev mailbox has each side's link to rate.
      await Promise.all([markRatingsDue(rental), scheduleRatingReminders(rental)]);
      made++;
    }
  }
  return made;
}
