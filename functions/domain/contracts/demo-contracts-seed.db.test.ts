// The demo contracts on DynamoDB Local: one SUBMITTED and one CANCELLED between the demo owner and
// the demo tenant, made once whatever the number of starts.

import { describe, expect, it } from 'vitest';
import { getContract } from '../../data/contracts';
import { conversationMessages } from '../chat/messages';
import { givenAd, useTestOutbox } from '../../testing/fixtures';
import { seedDemoData } from '../accounts/demo-seed';
import type { Identity } from '../identity';
import { myContracts } from './contracts';
import { seedDemoContracts } from './demo-contracts-seed';

const outbox = useTestOutbox();
const OWNER: Identity = { userId: 'demo-proprietaire', role: 'USER' };
const TENANT: Identity = { userId: 'demo-locataire', role: 'USER' };

describe('demo contracts', () => {
  it('makes nothing before the demo owner has a published ad', async () => {
    await seedDemoData();
    expect(await seedDemoContracts()).toBe(0);
  });

  it('proposes two contracts to the demo tenant and cancels one, once', async () => {
    await givenAd(
      { id: OWNER.userId, role: 'USER' },
      { availability: { all: false, day: true, evening: false, weekdays: ['TUESDAY', 'THURSDAY'], restrictions: [] } },
      { published: true },
    );
    expect(await seedDemoContracts()).toBe(2);
    expect(await seedDemoContracts()).toBe(0);

    const asTenant = await myContracts(TENANT, { role: 'TENANT' });
    expect(asTenant.items.map((c) => c.status).sort()).toEqual(['CANCELLED', 'SUBMITTED']);
    expect((await myContracts(OWNER, { role: 'OWNER' })).items).toHaveLength(2);
    // Inside the ad's availability: one day, a Tuesday or a Thursday.
    for (const { period } of asTenant.items) {
      expect(['2', '4']).toContain(String(new Date(`${period.start}T12:00:00Z`).getUTCDay()));
    }
    // The conversation shows each step as a system line.
    const { conversationId } = (await getContract(asTenant.items[0]!.id))!;
    const lines = (await conversationMessages(TENANT, { conversationId })).items.map((message) => message.contractStep?.kind);
    expect(lines.sort()).toEqual(['CANCELLED', 'PROPOSED', 'PROPOSED']);
    expect((await outbox.emailsTo('locataire@exemple.ca')).filter((email) => email.subject?.startsWith('Contrat proposé'))).toHaveLength(2);
  });
});
