// Demo contracts of `npm start` (issue 20): proprietaire@exemple.ca proposes two contracts to
// locataire@exemple.ca from a conversation about one of their published ads, then withdraws the second
// (so the demo owner starts with nothing unread; the tenant has the proposals to read). They are made once (a seed step claimed first), through the same proposal and
// cancellation as the app's, so the conversation shows their system lines and the outbox their e-mails.

import { quebecToday, type ContractPeriodInput } from '@partage/graphql';
import { ownerAds } from '../../data/ads';
import { claimSeedSteps } from '../../data/seed-progress';
import { createConversation } from '../chat/conversations';
import { now } from '../clock';
import type { Identity } from '../identity';
import { firstUnavailableDay } from './booking-periods';
import { assertBookable, contractContentOf } from './contract-content';
import { cancelContract, submitProposal } from './contracts';

const DEMO_CONTRACTS_SEED = 'DEMO_CONTRACTS#1';
const OWNER_ID = 'demo-proprietaire';
const TENANT: Identity = { userId: 'demo-locataire', role: 'USER' };

const DAY_MS = 86_400_000;

/** The first day-long period from `fromDay` days ahead that the ad offers (within three months). */
function availableDay(availability: Parameters<typeof firstUnavailableDay>[1], fromDay: number): ContractPeriodInput | null {
  for (let offset = fromDay; offset < fromDay + 90; offset++) {
    const period = {
      precision: 'DAY' as const,
      start: quebecToday(new Date(now().getTime() + offset * DAY_MS)),
      end: quebecToday(new Date(now().getTime() + (offset + 1) * DAY_MS)),
    };
    if (!firstUnavailableDay(period, availability)) return period;
  }
  return null;
}

/** Seeds the demo contracts once; answers how many it made (0 when seeded already or no ad fits). */
export async function seedDemoContracts(): Promise<number> {
  const [ad] = (await ownerAds(OWNER_ID, 'PUBLISHED', 1)).ads;
  if (!ad || !(await claimSeedSteps(DEMO_CONTRACTS_SEED, 0, 1))) return 0;
  const conversation = await createConversation(TENANT, { adId: ad.id });
  const first = availableDay(ad.content.availability, 7);
  const second = first && availableDay(ad.content.availability, 21);
  if (!first || !second) return 0;
  const proposals = [
    {
      period: first,
      totalPriceCents: 18_000,
      terms: '<p>Remise des clés à 8 h, retour le lendemain à 8 h. Nettoyage par le locataire.</p>',
    },
    { period: second, totalPriceCents: 32_550, terms: '<p>Utilisation en soirée seulement. Dépôt de garantie remis au retour.</p>' },
  ];
  const made = [];
  for (const proposal of proposals) {
    const content = await contractContentOf(OWNER_ID, { ...proposal, files: [], disclaimerAccepted: true });
    await assertBookable(ad, content);
    made.push(await submitProposal({ id: conversation.id, adId: ad.id, askerId: TENANT.userId }, OWNER_ID, content));
  }
  await cancelContract({ userId: OWNER_ID, role: 'USER' }, { contractId: made[1]!.id, expectedVersion: 1 });
  return made.length;
}
