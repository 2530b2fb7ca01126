// The demo contracts on DynamoDB Local with the payment simulator: between the demo owner and the demo
// tenant, one in every state, made once whatever the number of starts; the PAYOUT_DONE one has ended
// and keeps no pending closing; the owner has nothing unread.

import { describe, expect, it } from 'vitest';
import { getContract } from '../../data/contracts';
import { listOneTimeSchedules } from '../../data/scheduled-jobs';
import { givenAd, useTestOutbox } from '../../testing/fixtures';
import { seedDemoData } from '../accounts/demo-seed';
import { myUnreadMessageCount } from '../chat/read-marks';
import { conversationMessages } from '../chat/messages';
import { manualClock, now, useClock } from '../clock';
import type { Identity } from '../identity';
import { myContracts } from './contracts';
import { DEMO_CONTRACT_IDS, seedDemoContracts } from './demo-contracts-seed';

const outbox = useTestOutbox();
const OWNER: Identity = { userId: 'demo-proprietaire', role: 'USER' };
const TENANT: Identity = { userId: 'demo-locataire', role: 'USER' };

describe('demo contracts', () => {
  it('makes nothing before the demo owner has a published ad', async () => {
    await seedDemoData();
    expect(await seedDemoContracts()).toBe(0);
  });

  it('makes one contract in every state, once, through the app’s own steps', async () => {
    // A truck offered every day, and a kitchen offered two weekdays (no two days in a row), tried first.
    await givenAd(
      { id: OWNER.userId, role: 'USER' },
      { availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] } },
      { published: true },
    );
    await givenAd(
      { id: OWNER.userId, role: 'USER' },
      { availability: { all: false, day: true, evening: false, weekdays: ['TUESDAY', 'THURSDAY'], restrictions: [] } },
      { published: true },
    );
    // Seeded on a Friday morning: the kitchen's first day 7 days on or later is the Tuesday the paid
    // contract holds (10 days on or later); the proposal then takes the next free one.
    const restore = useClock(manualClock('2026-11-27T14:00:00Z'));
    try {
      expect(await seedDemoContracts()).toBe(6);
    } finally {
      restore();
    }
    expect(await seedDemoContracts()).toBe(0);

    const asTenant = (await myContracts(TENANT, { role: 'TENANT' })).items;
    expect(asTenant.map((c) => c.status).sort()).toEqual(['CANCELLED', 'CLOSED', 'PAID', 'PAYOUT_DONE', 'REFUNDED', 'SUBMITTED']);
    expect((await myContracts(OWNER, { role: 'OWNER' })).items).toHaveLength(6);
    // Each under its fixed id, which other demo data and the docs name.
    for (const [status, id] of Object.entries(DEMO_CONTRACT_IDS)) expect((await getContract(id))?.status).toBe(status);
    const byStatus = (status: keyof typeof DEMO_CONTRACT_IDS) => getContract(DEMO_CONTRACT_IDS[status]);

    // Ended, paid out, its closing left unrun: what a finished rental looks like before it closes.
    const paidOut = (await byStatus('PAYOUT_DONE'))!;
    expect(Date.parse(paidOut.content.endAt)).toBeLessThan(now().getTime());
    expect(paidOut.payout).toMatchObject({ transferId: expect.any(String) });
    const pending = (await listOneTimeSchedules()).map((schedule) => schedule.name);
    expect(pending).not.toContain(`close-${paidOut.id}`);
    const closed = (await byStatus('CLOSED'))!;
    expect(closed.history.map((step) => step.kind)).toEqual(['PROPOSED', 'PAID', 'PAYOUT_DONE', 'CLOSED']);
    // The future rental waits for its payout.
    expect(pending).toContain(`payout-${(await byStatus('PAID'))!.id}`);
    expect(Object.values((await byStatus('REFUNDED'))!.refunds ?? {})).toEqual([
      expect.objectContaining({ origin: 'PLATFORM', state: 'SUCCEEDED', amountCents: expect.any(Number) }),
    ]);

    // Each step is a system line; the receipts went out; the owner has read everything.
    const lines = (await conversationMessages(TENANT, { conversationId: paidOut.conversationId })).items.map(
      (message) => message.contractStep?.kind,
    );
    expect(lines).toEqual(expect.arrayContaining(['PROPOSED', 'PAID', 'PAYOUT_DONE']));
    expect((await outbox.emailsTo('locataire@exemple.ca')).filter((email) => email.subject?.startsWith('Contrat proposé'))).toHaveLength(6);
    expect(await myUnreadMessageCount(OWNER)).toBe(0);
  });
});
