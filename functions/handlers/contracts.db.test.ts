// The contracts Lambda on DynamoDB Local: proposals from a conversation (the payment onboarding gate,
// the ad's availability, dates held for another contract), versions, cancellation, who sees what,
// the conversation's system lines, live events and the tenant's e-mails.

import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  CONTRACT_MAX_VERSIONS,
  quebecToday,
  type AdInput,
  type ChatEvent,
  type Contract,
  type ContractEvent,
  type ContractPage,
} from '@partage/graphql';
import { bookedPeriods, placeBookingHold } from '../data/contracts';
import { putPendingFile, settleFile } from '../data/files';
import { updateUser, type UserRecord } from '../data/users';
import { conversationById, createConversation } from '../domain/chat/conversations';
import { unpublishAd } from '../domain/ads/ads';
import { blockConversationParticipant } from '../domain/moderation/blocks';
import * as contractLines from '../domain/chat/contract-lines';
import { conversationMessages } from '../domain/chat/messages';
import { now } from '../domain/clock';
import {
  firstMessage,
  asUser,
  contractInput,
  errorCodeOf,
  givenAd,
  givenContract,
  givenPaymentOnboarding,
  givenUser,
  invalidFieldsOf,
  publishedEvents,
  resolverCaller,
  useTestOutbox,
  useUpRateLimit,
} from '../testing/fixtures';
import { handler } from './contracts';

const outbox = useTestOutbox();
const call = resolverCaller(handler);
let owner: UserRecord;
let tenant: UserRecord;
let stranger: UserRecord;
let admin: UserRecord;

const ALWAYS: AdInput['availability'] = { all: true, day: false, evening: false, weekdays: [], restrictions: [] };
// Quebec's calendar, as the rules read it: from 19:00 or 20:00 there, UTC is already on the next day.
const day = (offset: number) => addDays(quebecToday(now()), offset);

beforeAll(async () => {
  const storeDir = await mkdtemp(join(tmpdir(), 'contract-files-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  [owner, tenant, stranger, admin] = await Promise.all([
    givenUser({ publicName: 'Cuisine partagée Hochelaga' }),
    givenUser({ publicName: 'Traiteur du Plateau', language: 'en' }),
    givenUser(),
    givenUser({ role: 'ADMIN' }),
  ]);
  await givenPaymentOnboarding(owner.id);
});

/** A conversation `tenant` started about a new ad of `owner`'s, available as given. */
async function givenConversationAbout(availability: AdInput['availability'] = ALWAYS) {
  const ad = await givenAd(owner, { availability }, { published: true });
  return createConversation(asUser(tenant), { adId: ad.id, message: firstMessage() });
}

const propose = (user: UserRecord, input: object) => call('Mutation.proposeContract', { input }, asUser(user));
const read = (user: UserRecord, id: string) => call('Query.contract', { id }, asUser(user));
/** Version 1 of the contract, its price changed by `user`. */
const editPrice = (user: UserRecord, contractId: string, conversationId: string) =>
  call(
    'Mutation.updateContract',
    { input: { ...contractInput({ conversationId }), conversationId: undefined, contractId, expectedVersion: 1, totalPriceCents: 30_000 } },
    asUser(user),
  );

/** A PRIVATE_DOCUMENT uploaded and checked for `fileOwner` (its record only). */
async function givenDocument(fileOwner: UserRecord, purpose: 'PRIVATE_DOCUMENT' | 'CHAT_ATTACHMENT' = 'PRIVATE_DOCUMENT') {
  const id = randomUUID();
  await putPendingFile({
    id,
    ownerId: fileOwner.id,
    purpose,
    contentType: 'application/pdf',
    size: 3_000,
    status: 'PENDING',
    createdAt: now().toISOString(),
  });
  await settleFile(id, 'STORED', 3_000);
  return id;
}

describe('proposeContract', () => {
  it("makes a SUBMITTED contract for the conversation's other participant, with a system line, events and an e-mail", async () => {
    const conversation = await givenConversationAbout();
    const fileId = await givenDocument(owner);
    const before = publishedEvents().length;
    const contract = (await propose(
      owner,
      contractInput({
        conversationId: conversation.id,
        terms: '<p>Clés à 8 h.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        files: [{ fileId, name: ' inventaire.pdf ' }],
      }),
    )) as Contract;
    expect(contract).toMatchObject({
      status: 'SUBMITTED',
      version: 1,
      viewerRole: 'OWNER',
      availableActions: ['EDIT', 'CANCEL'],
      owner: { userId: owner.id, publicName: 'Cuisine partagée Hochelaga' },
      tenant: { userId: tenant.id },
      current: { totalPriceCents: 25_000, platformFeeCents: 0, ownerShareCents: 25_000, terms: '<p>Clés à 8 h.</p>' },
    });
    expect(contract.current.files).toEqual([
      expect.objectContaining({ fileId, name: 'inventaire.pdf', url: expect.stringContaining(fileId) }),
    ]);
    expect(contract.history).toEqual([expect.objectContaining({ kind: 'PROPOSED', actorId: owner.id, status: 'SUBMITTED', version: 1 })]);

    const events = publishedEvents().slice(before);
    const contractEvents = events.filter((e) => e.mutation === 'publishContractEvent').map((e) => e.result as ContractEvent);
    expect(contractEvents.map((e) => e.userId).sort()).toEqual([owner.id, tenant.id].sort());
    expect(contractEvents[0]).toMatchObject({ contractId: contract.id, kind: 'PROPOSED', status: 'SUBMITTED', version: 1 });
    const line = events.filter((e) => e.mutation === 'publishChatEvent').map((e) => e.result as ChatEvent)[0];
    expect(line?.message?.contractStep).toEqual({ contractId: contract.id, kind: 'PROPOSED', version: 1 });
    const messages = await conversationMessages(asUser(tenant), { conversationId: conversation.id });
    expect(messages.items[0]).toMatchObject({ senderId: owner.id, body: '', contractStep: { contractId: contract.id, kind: 'PROPOSED' } });
    const listed = await conversationById(asUser(tenant), conversation.id);
    expect(listed.lastMessage).toMatchObject({ senderId: owner.id, body: '', contractStep: 'PROPOSED' });

    // In the tenant's language, with a link to the contract.
    const [email] = await outbox.emailsTo(tenant.email);
    expect(email?.subject).toBe('Contract proposed: Cuisine commerciale à Rosemont');
    // Amounts and dates in the tenant's language (the e-mail makes dots inert, so that no text becomes a link).
    expect(email?.text).toMatch(/Total amount: \$250.00/u);
    expect(email?.text).toContain('Period: from ');
    expect(email?.links.some((link) => link.includes(`/contrats/${contract.id}`) && link.includes('lang=en'))).toBe(true);
  });

  it('fixes the configured platform fee on the version, in integer cents', async () => {
    const conversation = await givenConversationAbout();
    Object.assign(process.env, { PLATFORM_FEE_BASIS_POINTS: '250', PLATFORM_FEE_FIXED_CENTS: '30' });
    try {
      const contract = (await propose(owner, contractInput({ conversationId: conversation.id, totalPriceCents: 25_010 }))) as Contract;
      // 2.5 % of 250.10 $ is 625.25 cents: 625, plus 30.
      expect(contract.current).toMatchObject({ totalPriceCents: 25_010, platformFeeCents: 655, ownerShareCents: 24_355 });
    } finally {
      delete process.env.PLATFORM_FEE_BASIS_POINTS;
      delete process.env.PLATFORM_FEE_FIXED_CENTS;
    }
  });

  it('taxes a registered owner’s price in the ad’s tax mode, with their numbers, and the fee on the price before taxes', async () => {
    const registered = await givenUser({ taxStatus: 'REGISTERED', gstNumber: '123456789RT0001', qstNumber: '1234567890TQ0001' });
    await givenPaymentOnboarding(registered.id);
    const conversationAbout = async (taxMode: 'ADDED' | 'INCLUDED') => {
      const ad = await givenAd(registered, { availability: ALWAYS, taxMode }, { published: true });
      return createConversation(asUser(tenant), { adId: ad.id, message: firstMessage() });
    };
    const env = { PLATFORM_FEE_BASIS_POINTS: '1000', PLATFORM_GST_NUMBER: '987654321 RT 0001', PLATFORM_QST_NUMBER: '9876543210tq0001' };
    Object.assign(process.env, env);
    try {
      const added = (await propose(
        registered,
        contractInput({ conversationId: (await conversationAbout('ADDED')).id, totalPriceCents: 10_000 }),
      )) as Contract;
      expect(added.current).toMatchObject({
        priceCents: 10_000,
        totalPriceCents: 11_498,
        platformFeeCents: 1_000,
        ownerShareCents: 10_498,
      });
      expect(added.current.taxes).toEqual({
        mode: 'ADDED',
        ownerTaxStatus: 'REGISTERED',
        owner: {
          baseCents: 10_000,
          gstCents: 500,
          qstCents: 998,
          totalCents: 11_498,
          gstNumber: '123456789RT0001',
          qstNumber: '1234567890TQ0001',
        },
        platformFee: {
          baseCents: 870,
          gstCents: 43,
          qstCents: 87,
          totalCents: 1_000,
          gstNumber: '987654321RT0001',
          qstNumber: '9876543210TQ0001',
        },
        gstRate: 5_000,
        qstRate: 9_975,
        ratesSince: '2013-01-01',
      });
      const included = (await propose(
        registered,
        contractInput({ conversationId: (await conversationAbout('INCLUDED')).id, totalPriceCents: 11_498 }),
      )) as Contract;
      expect(included.current).toMatchObject({ priceCents: 11_498, totalPriceCents: 11_498, platformFeeCents: 1_000 });
      expect(included.current.taxes.owner).toMatchObject({ baseCents: 10_000, gstCents: 500, qstCents: 998 });

      // The owner's status when a version is made counts: unregistered since, the same price is an edit without taxes.
      await updateUser(registered, { set: { taxStatus: 'SMALL_SUPPLIER' }, remove: ['gstNumber', 'qstNumber'] });
      const edited = (await call(
        'Mutation.updateContract',
        {
          input: {
            ...contractInput({ conversationId: added.conversationId }),
            conversationId: undefined,
            contractId: added.id,
            expectedVersion: 1,
            totalPriceCents: 10_000,
          },
        },
        asUser(registered),
      )) as Contract;
      expect(edited.current).toMatchObject({
        version: 2,
        totalPriceCents: 10_000,
        taxes: { ownerTaxStatus: 'SMALL_SUPPLIER', owner: { gstCents: 0, gstNumber: null } },
      });
      expect(edited.versions[1]!.taxes.owner.gstCents).toBe(500);
    } finally {
      for (const name of Object.keys(env)) delete process.env[name];
    }
  });

  it('taxes nothing for an owner who has not stated their taxes', async () => {
    const conversation = await givenConversationAbout();
    const contract = (await propose(owner, contractInput({ conversationId: conversation.id, totalPriceCents: 10_000 }))) as Contract;
    expect(contract.current).toMatchObject({
      totalPriceCents: 10_000,
      taxes: { ownerTaxStatus: 'NOT_STATED', owner: { gstCents: 0, qstCents: 0 } },
    });
  });

  it('needs a finished payment onboarding', async () => {
    const newOwner = await givenUser();
    const ad = await givenAd(newOwner, { availability: ALWAYS }, { published: true });
    const conversation = await createConversation(asUser(tenant), { adId: ad.id, message: firstMessage() });
    expect(errorCodeOf(await propose(newOwner, contractInput({ conversationId: conversation.id })))).toBe('PAYMENT_ONBOARDING_INCOMPLETE');
    await givenPaymentOnboarding(newOwner.id, 'INCOMPLETE');
    expect(errorCodeOf(await propose(newOwner, contractInput({ conversationId: conversation.id })))).toBe('PAYMENT_ONBOARDING_INCOMPLETE');
    await givenPaymentOnboarding(newOwner.id);
    expect(errorCodeOf(await propose(newOwner, contractInput({ conversationId: conversation.id })))).toBeUndefined();
  });

  it("is the owner's alone: the tenant, a third party and an administrator are refused", async () => {
    const conversation = await givenConversationAbout();
    for (const user of [tenant, stranger, admin]) {
      expect(errorCodeOf(await propose(user, contractInput({ conversationId: conversation.id })))).toBe('UNAUTHORIZED_ACCESS');
    }
  });

  it('checks every rule of the form and of the ad', async () => {
    const conversation = await givenConversationAbout({ all: false, day: true, evening: false, weekdays: ['SATURDAY'], restrictions: [] });
    const invalid = await propose(owner, {
      conversationId: conversation.id,
      period: { precision: 'DAY', start: day(-1), end: day(-1) },
      totalPriceCents: 12.5,
      terms: '<p> </p>',
      files: [{ fileId: await givenDocument(stranger), name: 'x.pdf' }],
      disclaimerAccepted: false,
    });
    expect(invalid).toMatchObject({ __error: { code: 'VALIDATION_FAILED' } });
    expect(invalidFieldsOf(invalid)).toEqual([
      'input.period.start:minDate',
      'input.period.end:endAfterStart',
      'input.totalPriceCents:priceCents',
      'input.terms:richTextEmpty',
      'input.disclaimerAccepted:required',
    ]);
    expect(
      invalidFieldsOf(
        await propose(
          owner,
          contractInput({ conversationId: conversation.id, files: [{ fileId: await givenDocument(stranger), name: 'x.pdf' }] }),
        ),
      ),
    ).toEqual(['input.files.0.fileId:fileType']);
    expect(
      invalidFieldsOf(
        await propose(
          owner,
          contractInput({
            conversationId: conversation.id,
            files: [{ fileId: await givenDocument(owner, 'CHAT_ATTACHMENT'), name: 'x.pdf' }],
          }),
        ),
      ),
    ).toEqual(['input.files.0.fileId:fileType']);
    // Only Saturdays are offered: a week of days is not.
    expect(
      invalidFieldsOf(
        await propose(owner, contractInput({ conversationId: conversation.id, period: { precision: 'DAY', start: day(7), end: day(14) } })),
      ),
    ).toEqual(['input.period:outsideAvailability']);
    expect(((await call('Query.myContracts', { role: 'TENANT' }, asUser(tenant))) as ContractPage).items.map((c) => c.id)).not.toContain(
      undefined,
    );
  });

  it('refuses dates held for another contract of the ad (DATES_UNAVAILABLE), and not dates of another ad', async () => {
    const held = await givenContract(tenant, owner);
    const contract = (await read(owner, held.id)) as Contract;
    await placeBookingHold(
      {
        adId: held.adId,
        contractId: held.id,
        startAt: contract.current.period.startAt,
        endAt: contract.current.period.endAt,
        expiresAt: null,
      },
      { status: 'SUBMITTED', version: 1 },
      now().toISOString(),
    );
    const sameAd = await createConversation(asUser(stranger), { adId: held.adId, message: firstMessage() });
    expect(errorCodeOf(await propose(owner, contractInput({ conversationId: sameAd.id })))).toBe('DATES_UNAVAILABLE');
    expect(
      errorCodeOf(
        await propose(owner, contractInput({ conversationId: sameAd.id, period: { precision: 'DAY', start: day(9), end: day(10) } })),
      ),
    ).toBeUndefined();
    const otherAd = await givenConversationAbout();
    expect(errorCodeOf(await propose(owner, contractInput({ conversationId: otherAd.id })))).toBeUndefined();
  });
});

describe('proposals the tenant would not want, or that cannot be rented', () => {
  it('refuses a proposal or an edit to a tenant who blocked the owner (no line, no e-mail), and a proposal on an ad no longer published', async () => {
    const blocker = await givenUser();
    const { id, conversationId } = await givenContract(blocker, owner);
    await blockConversationParticipant(asUser(blocker), { conversationId });
    const mailsBefore = (await outbox.emailsTo(blocker.email)).length;
    expect(errorCodeOf(await propose(owner, contractInput({ conversationId })))).toBe('USER_BLOCKED');
    expect(errorCodeOf(await editPrice(owner, id, conversationId))).toBe('USER_BLOCKED');
    expect((await outbox.emailsTo(blocker.email)).length).toBe(mailsBefore);

    const conversation = await givenConversationAbout();
    await unpublishAd(asUser(owner), conversation.adId);
    expect(errorCodeOf(await propose(owner, contractInput({ conversationId: conversation.id })))).toBe('AD_NOT_AVAILABLE');
  });
});

describe('limits on the writes that e-mail someone or call the payment provider', () => {
  it('answers RATE_LIMITED past the proposals, edits and payments an account may start in an hour, and writes nothing', async () => {
    const busyOwner = await givenUser();
    const { id, conversationId } = await givenContract(tenant, busyOwner);
    const payer = await givenUser();
    const payable = await givenContract(payer, busyOwner);
    await useUpRateLimit('contractProposal', busyOwner.id, 0);
    expect(errorCodeOf(await propose(busyOwner, contractInput({ conversationId })))).toBe('RATE_LIMITED');
    await useUpRateLimit('contractEdit', busyOwner.id, 0);
    expect(errorCodeOf(await editPrice(busyOwner, id, conversationId))).toBe('RATE_LIMITED');
    await useUpRateLimit('checkoutStart', payer.id, 0);
    const pay = { input: { contractId: payable.id, expectedVersion: 1 } };
    expect(errorCodeOf(await call('Mutation.acceptAndPayContract', pay, asUser(payer)))).toBe('RATE_LIMITED');
    expect(await read(busyOwner, id)).toMatchObject({ version: 1 });
    expect(await bookedPeriods(payable.adId, now().toISOString())).toEqual([]);
  });

  it('refuses a version past CONTRACT_MAX_VERSIONS: the owner cancels and proposes anew', async () => {
    const { id, conversationId } = await givenContract(tenant, owner);
    const edit = (expectedVersion: number) =>
      call(
        'Mutation.updateContract',
        {
          input: {
            ...contractInput({ conversationId }),
            conversationId: undefined,
            contractId: id,
            expectedVersion,
            totalPriceCents: 20_000 + expectedVersion,
          },
        },
        asUser(owner),
      );
    for (let version = 1; version < CONTRACT_MAX_VERSIONS; version++) expect(errorCodeOf(await edit(version))).toBeUndefined();
    expect(errorCodeOf(await edit(CONTRACT_MAX_VERSIONS))).toBe('CONTRACT_TOO_MANY_VERSIONS');
    expect((await read(owner, id)) as Contract).toMatchObject({ version: CONTRACT_MAX_VERSIONS });
    expect(((await read(owner, id)) as Contract).versions).toHaveLength(CONTRACT_MAX_VERSIONS);
  });
});

describe('proposeContract, sent again with its request key', () => {
  const lines = async (conversationId: string) =>
    (await conversationMessages(asUser(tenant), { conversationId })).items.filter((message) => message.contractStep?.kind === 'PROPOSED');

  it('answers the first contract, whether the retry comes after or at the same moment', async () => {
    const conversation = await givenConversationAbout();
    const input = contractInput({ conversationId: conversation.id });
    const first = (await propose(owner, input)) as Contract;
    expect(await propose(owner, input)).toMatchObject({ id: first.id, version: 1 });
    const [a, b] = (await Promise.all([
      propose(owner, { ...input, requestKey: randomUUID() }),
      propose(owner, { ...input, requestKey: randomUUID() }),
    ])) as Contract[];
    expect(a!.id).not.toBe(b!.id);
    const sameMoment = { ...input, requestKey: randomUUID(), period: { precision: 'DAY', start: day(20), end: day(21) } };
    const [c, d] = (await Promise.all([propose(owner, sameMoment), propose(owner, sameMoment)])) as Contract[];
    expect(c!.id).toBe(d!.id);
    expect(await lines(conversation.id)).toHaveLength(4);
    // Another owner's key never finds this one's contract; a missing key is refused.
    expect(errorCodeOf(await propose(owner, { ...input, requestKey: '' }))).toBe('VALIDATION_FAILED');
  });

  it('e-mails the tenant once however often the same request is sent again', async () => {
    const asker = await givenUser();
    const conversation = await createConversation(asUser(asker), {
      adId: (await givenAd(owner, { availability: ALWAYS }, { published: true })).id,
      message: firstMessage(),
    });
    const input = contractInput({ conversationId: conversation.id });
    for (let i = 0; i < 5; i++) expect(errorCodeOf(await propose(owner, input))).toBeUndefined();
    expect(await outbox.emailsTo(asker.email)).toHaveLength(1);
  });

  it('announces a proposal whose first call wrote it and died before telling anyone', async () => {
    const conversation = await givenConversationAbout();
    const input = contractInput({ conversationId: conversation.id });
    const lineSpy = vi.spyOn(contractLines, 'postContractStepLine').mockRejectedValueOnce(new Error('Lambda timed out'));
    try {
      await expect(propose(owner, input)).rejects.toThrow('Lambda timed out');
    } finally {
      lineSpy.mockRestore();
    }
    expect(await lines(conversation.id)).toHaveLength(0);
    const retried = (await propose(owner, input)) as Contract;
    expect(retried.status).toBe('SUBMITTED');
    expect(await lines(conversation.id)).toHaveLength(1);
    expect((await call('Query.myContracts', { role: 'TENANT' }, asUser(tenant))) as ContractPage).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ id: retried.id })]),
    });
  });
});

describe('updateContract', () => {
  it('makes a new version; a save with no change is NO_CHANGE; a stale version is CONTRACT_CHANGED', async () => {
    const { id, conversationId } = await givenContract(tenant, owner);
    const edit = (expectedVersion: number, more: Record<string, unknown> = {}) =>
      call(
        'Mutation.updateContract',
        { input: { ...contractInput({ conversationId }), conversationId: undefined, contractId: id, expectedVersion, ...more } },
        asUser(owner),
      );
    expect(errorCodeOf(await edit(1))).toBe('NO_CHANGE');
    const v2 = (await edit(1, { totalPriceCents: 30_000 })) as Contract;
    expect(v2).toMatchObject({ version: 2, current: { totalPriceCents: 30_000 }, status: 'SUBMITTED' });
    expect(v2.versions.map((v) => [v.version, v.totalPriceCents])).toEqual([
      [2, 30_000],
      [1, 25_000],
    ]);
    expect(v2.history.map((step) => step.kind)).toEqual(['PROPOSED', 'UPDATED']);
    expect(errorCodeOf(await edit(1, { totalPriceCents: 31_000 }))).toBe('CONTRACT_CHANGED');
    const [email] = await outbox.emailsTo(tenant.email);
    expect(email?.subject).toBe('Contract changed: Cuisine commerciale à Rosemont');
    // The tenant may not edit.
    expect(
      errorCodeOf(
        await call(
          'Mutation.updateContract',
          { input: { ...contractInput({ conversationId }), conversationId: undefined, contractId: id, expectedVersion: 2 } },
          asUser(tenant),
        ),
      ),
    ).toBe('UNAUTHORIZED_ACCESS');
  });
});

describe('cancelContract', () => {
  it('either party cancels before payment; then nothing more can be done', async () => {
    const byTenant = await givenContract(tenant, owner);
    const cancelled = (await call(
      'Mutation.cancelContract',
      { input: { contractId: byTenant.id, expectedVersion: 1 } },
      asUser(tenant),
    )) as Contract;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', availableActions: [], viewerRole: 'TENANT' });
    expect(
      errorCodeOf(await call('Mutation.cancelContract', { input: { contractId: byTenant.id, expectedVersion: 1 } }, asUser(owner))),
    ).toBe('CONTRACT_STATUS_CONFLICT');
    expect(
      errorCodeOf(
        await call(
          'Mutation.updateContract',
          {
            input: {
              ...contractInput({ conversationId: byTenant.conversationId }),
              conversationId: undefined,
              contractId: byTenant.id,
              expectedVersion: 1,
              totalPriceCents: 9_900,
            },
          },
          asUser(owner),
        ),
      ),
    ).toBe('CONTRACT_STATUS_CONFLICT');

    const byOwner = await givenContract(tenant, owner);
    expect(
      errorCodeOf(await call('Mutation.cancelContract', { input: { contractId: byOwner.id, expectedVersion: 2 } }, asUser(owner))),
    ).toBe('CONTRACT_CHANGED');
    expect(
      errorCodeOf(await call('Mutation.cancelContract', { input: { contractId: byOwner.id, expectedVersion: 1 } }, asUser(stranger))),
    ).toBe('UNAUTHORIZED_ACCESS');
    expect(await call('Mutation.cancelContract', { input: { contractId: byOwner.id, expectedVersion: 1 } }, asUser(owner))).toMatchObject({
      status: 'CANCELLED',
    });
  });
});

describe('reading contracts', () => {
  it('shows a contract to its parties and administrators only, files included', async () => {
    const { id } = await givenContract(tenant, owner);
    expect(await read(tenant, id)).toMatchObject({ id, viewerRole: 'TENANT', availableActions: ['CANCEL', 'PAY'] });
    expect(await read(admin, id)).toMatchObject({ id, viewerRole: 'ADMIN', availableActions: [] });
    expect(errorCodeOf(await read(stranger, id))).toBe('UNAUTHORIZED_ACCESS');
    // A contract that does not exist answers the same: nothing is learnt.
    expect(errorCodeOf(await read(stranger, randomUUID()))).toBe('UNAUTHORIZED_ACCESS');
  });

  it("lists a user's contracts as owner and as tenant", async () => {
    const listOwner = await givenUser();
    const listTenant = await givenUser({ publicName: 'Épicerie Villeray' });
    const made = [await givenContract(listTenant, listOwner), await givenContract(listTenant, listOwner)];
    const asOwner = (await call('Query.myContracts', { role: 'OWNER', limit: 1 }, asUser(listOwner))) as ContractPage;
    expect(asOwner.items).toEqual([expect.objectContaining({ id: made[1]!.id, otherPartyName: 'Épicerie Villeray', status: 'SUBMITTED' })]);
    const next = (await call(
      'Query.myContracts',
      { role: 'OWNER', limit: 1, nextToken: asOwner.nextToken },
      asUser(listOwner),
    )) as ContractPage;
    expect(next.items.map((c) => c.id)).toEqual([made[0]!.id]);
    expect(((await call('Query.myContracts', { role: 'TENANT' }, asUser(listTenant))) as ContractPage).items).toHaveLength(2);
    expect(((await call('Query.myContracts', { role: 'TENANT' }, asUser(listOwner))) as ContractPage).items).toEqual([]);
    expect(invalidFieldsOf(await call('Query.myContracts', { role: 'ADMIN' }, asUser(listOwner)))).toEqual(['role:oneOf']);
    expect(errorCodeOf(await call('Query.myContracts', { role: 'OWNER' }, asUser(admin)))).toBe('UNAUTHORIZED_ACCESS');
  });
});
