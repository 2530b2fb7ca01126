// Ratings on DynamoDB Local (issue 21): who may rate what and when, with every refusal leaving nothing
// written; blind reads (the other side and third parties see nothing before publication); both sides
// published at once when the second rates, even when both send at the same moment; double submissions
// make one rating; the deadline's job publishes a lone rating once even fired twice; reviews (of a
// user, of an ad's equipment), averages and the rated user's one answer; a paid rental rateable from
// its end whatever its payout; the dashboard's ratings to give, all of them; reputation at arm's
// length (one review per author and rated user per period counts, even two published at once).

import { beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { REPUTATION_PAIR_PERIOD_DAYS } from '@partage/graphql';
import type {
  ContractRatings,
  ContractSummary,
  EquipmentAverages,
  PartyAverages,
  PublicProfile,
  RatingToGive,
  Review,
  ReviewPage,
} from '@partage/graphql';
import { db, tableName } from '../data/client';
import { getContract, replaceContract } from '../data/contracts';
import { getContractRatings } from '../data/ratings';
import { listOneTimeSchedules } from '../data/scheduled-jobs';
import type { UserRecord } from '../data/users';
import { manualClock, now, useClock } from '../domain/clock';
import {
  asUser,
  errorCodeOf,
  givenContract,
  givenEndedContract,
  givenUser,
  invalidFieldsOf,
  resolverCaller,
  resolverEvent,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as accountsHandler } from './accounts';
import { handler as jobs } from './rating-jobs';
import { handler } from './ratings';

const outbox = useTestOutbox();
const call = resolverCaller(handler);
const clock = manualClock();
const DAY = 86_400_000;

const EQUIPMENT = { compliance: 5, cleanliness: 4, security: 4 };
const OWNER_STARS = { respectOfContract: 5, communication: 4, reliability: 5 };
const TENANT_STARS = { respectOfContract: 3, communication: 4, reliability: 4 };

let reader: UserRecord;

beforeAll(async () => {
  reader = await givenUser();
  return useClock(clock);
});

/** An owner and a tenant whose rental ended yesterday (CLOSED). */
async function givenRental(options?: Parameters<typeof givenEndedContract>[2]) {
  const [owner, tenant] = await Promise.all([
    givenUser({ publicName: 'Cuisine du Quartier' }),
    givenUser({ publicName: 'Traiteur Lumière' }),
  ]);
  const contract = await givenEndedContract(tenant, owner, options);
  return { owner, tenant, contractId: contract.id, adId: contract.adId };
}

const submit = (user: UserRecord, input: Record<string, unknown>) => call('Mutation.submitRating', { input }, asUser(user));
const tenantRating = (contractId: string, extra: Record<string, unknown> = {}) => ({
  contractId,
  equipment: EQUIPMENT,
  party: OWNER_STARS,
  comment: 'Cuisine impeccable, accueil chaleureux.',
  ...extra,
});
const ownerRating = (contractId: string, extra: Record<string, unknown> = {}) => ({ contractId, party: TENANT_STARS, ...extra });
const ratingsOf = async (user: UserRecord, contractId: string) =>
  (await call('Query.contractRatings', { contractId }, asUser(user))) as ContractRatings;
const reviewsOf = async (userId: string, as: UserRecord = reader) =>
  (await call('Query.userReviews', { userId }, asUser(as))) as ReviewPage;
const field = async <T>(name: string, source: Record<string, unknown>, as: UserRecord = reader) =>
  ((await handler([Object.assign(resolverEvent(name, {}, asUser(as)), { source })] as never)) as T[])[0]!;
const fire = (contractId: string, scheduledAt: string) => jobs({ job: 'rating-publish', scheduledAt, payload: { contractId } });

describe('who rates what, when', () => {
  it('the tenant rates the equipment, leaves, finds the draft, then rates the owner: the draft is the author’s only', async () => {
    const { owner, tenant, contractId } = await givenRental();
    const draft = (await call(
      'Mutation.saveRatingDraft',
      { input: { contractId, equipment: EQUIPMENT } },
      asUser(tenant),
    )) as ContractRatings;
    expect(draft).toMatchObject({ viewerSide: 'TENANT', canRate: true, mine: { equipment: EQUIPMENT, party: null, submittedAt: null } });
    expect((await ratingsOf(tenant, contractId)).mine).toMatchObject({ equipment: EQUIPMENT, submittedAt: null });
    expect(await ratingsOf(owner, contractId)).toMatchObject({ viewerSide: 'OWNER', mine: null, theirs: null, canRate: true });

    const sent = (await submit(tenant, tenantRating(contractId))) as ContractRatings;
    expect(sent).toMatchObject({ canRate: false, mine: { equipment: EQUIPMENT, party: OWNER_STARS, publishedAt: null } });
    expect(sent.mine!.submittedAt).toBeTruthy();
  });

  it('refuses stars outside 1 to 5, a missing step, equipment from the owner, a long comment or control characters: nothing written', async () => {
    const { owner, tenant, contractId } = await givenRental();
    const refusals: [UserRecord, Record<string, unknown>, string][] = [
      [tenant, tenantRating(contractId, { equipment: { ...EQUIPMENT, security: 6 } }), 'input.equipment.security'],
      [tenant, tenantRating(contractId, { party: { ...OWNER_STARS, communication: 0 } }), 'input.party.communication'],
      [tenant, tenantRating(contractId, { equipment: undefined }), 'input.equipment'],
      [owner, ownerRating(contractId, { equipment: EQUIPMENT }), 'input.equipment'],
      [owner, ownerRating(contractId, { comment: 'x'.repeat(1_001) }), 'input.comment'],
      [owner, ownerRating(contractId, { comment: 'Bien\u0007 reçu' }), 'input.comment'],
    ];
    for (const [user, input, path] of refusals) {
      const result = await submit(user, input);
      expect(errorCodeOf(result), path).toBe('VALIDATION_FAILED');
      expect(invalidFieldsOf(result)?.map((f) => f.split(':')[0])).toContain(path);
    }
    expect(await getContractRatings(contractId)).toBeUndefined();
    // Line breaks are plain text too.
    expect(errorCodeOf(await submit(owner, ownerRating(contractId, { comment: 'Ponctuel.\nMerci !' })))).toBeUndefined();
  });

  it('refuses a third party, an administrator, a rental not over yet and a rating after the deadline', async () => {
    const { contractId } = await givenRental();
    const admin = await givenUser({ role: 'ADMIN' });
    expect(errorCodeOf(await submit(reader, tenantRating(contractId)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await submit(admin, tenantRating(contractId)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Query.contractRatings', { contractId }, asUser(reader)))).toBe('UNAUTHORIZED_ACCESS');

    const tenant = await givenUser();
    const proposed = await givenContract(tenant);
    expect(errorCodeOf(await submit(tenant, tenantRating(proposed.id)))).toBe('RATING_NOT_OPEN');
    // Paid out, but the rental ends tomorrow.
    const running = await givenRental({ status: 'PAYOUT_DONE', endedDaysAgo: -1 });
    expect(errorCodeOf(await submit(running.tenant, tenantRating(running.contractId)))).toBe('RATING_NOT_OPEN');
    // Refunded (in full, or charged back by a dispute lost): never rated.
    const refunded = await givenRental({ status: 'REFUNDED' });
    expect(errorCodeOf(await submit(refunded.tenant, tenantRating(refunded.contractId)))).toBe('RATING_NOT_OPEN');
    const late = await givenRental({ endedDaysAgo: 15 });
    expect(errorCodeOf(await submit(late.tenant, tenantRating(late.contractId)))).toBe('RATING_CLOSED');
    for (const id of [proposed.id, running.contractId, refunded.contractId, late.contractId])
      expect(await getContractRatings(id)).toBeUndefined();
  });

  it('opens at the end of a paid rental whatever its payout: not made yet, failed, or held by a dispute', async () => {
    const paid = await givenRental({ status: 'PAID' });
    expect(await ratingsOf(paid.tenant, paid.contractId)).toMatchObject({ window: 'OPEN', canRate: true });
    expect(errorCodeOf(await submit(paid.tenant, tenantRating(paid.contractId)))).toBeUndefined();
    const disputed = await givenRental({ status: 'PAID' });
    const contract = (await getContract(disputed.contractId))!;
    await replaceContract(contract, {
      ...contract,
      dispute: {
        disputeId: 'dp_1',
        state: 'OPEN',
        providerStatus: 'needs_response',
        reason: 'fraudulent',
        amountCents: 1_000,
        evidenceDueBy: null,
        openedAt: now().toISOString(),
      },
    });
    expect(errorCodeOf(await submit(disputed.owner, ownerRating(disputed.contractId)))).toBeUndefined();
  });

  it('tells the screen where the rating stands: not yet (it opens at the end), open, closed, or never', async () => {
    const running = await givenRental({ status: 'PAID', endedDaysAgo: -1 });
    const notYet = await ratingsOf(running.tenant, running.contractId);
    expect(notYet).toMatchObject({ window: 'NOT_YET', canRate: false });
    expect(Date.parse(notYet.endAt)).toBeGreaterThan(now().getTime());
    const { tenant, contractId } = await givenRental();
    expect(await ratingsOf(tenant, contractId)).toMatchObject({ window: 'OPEN' });
    const late = await givenRental({ endedDaysAgo: 15 });
    expect(await ratingsOf(late.tenant, late.contractId)).toMatchObject({ window: 'CLOSED', canRate: false });
    const refunded = await givenRental({ status: 'REFUNDED' });
    expect(await ratingsOf(refunded.owner, refunded.contractId)).toMatchObject({ window: 'NOT_RATEABLE', canRate: false });
  });

  it('is final once sent: a second rating and a later draft are refused', async () => {
    const { tenant, contractId } = await givenRental();
    await submit(tenant, tenantRating(contractId));
    expect(errorCodeOf(await submit(tenant, tenantRating(contractId, { comment: 'Finalement non.' })))).toBe('RATING_ALREADY_GIVEN');
    expect(errorCodeOf(await call('Mutation.saveRatingDraft', { input: { contractId, equipment: EQUIPMENT } }, asUser(tenant)))).toBe(
      'RATING_ALREADY_GIVEN',
    );
    expect((await getContractRatings(contractId))!.TENANT!.comment).toBe('Cuisine impeccable, accueil chaleureux.');
  });

  it('makes one rating of two identical submissions sent at the same moment', async () => {
    const { tenant, contractId } = await givenRental();
    const results = await Promise.all([submit(tenant, tenantRating(contractId)), submit(tenant, tenantRating(contractId))]);
    expect(results.map(errorCodeOf).sort()).toEqual(['RATING_ALREADY_GIVEN', undefined]);
    expect((await getContractRatings(contractId))!.revision).toBe(1);
  });
});

describe('blind until both have rated or the deadline', () => {
  it('shows a sent rating to nobody but its author, then publishes both at once when the other side rates', async () => {
    const { owner, tenant, contractId, adId } = await givenRental();
    await submit(tenant, tenantRating(contractId));
    expect((await ratingsOf(owner, contractId)).theirs).toBeNull();
    expect((await reviewsOf(owner.id)).items).toEqual([]);
    expect((await reviewsOf(owner.id, owner)).items).toEqual([]);
    expect(await field<PartyAverages>('PublicProfile.ratings', { id: owner.id })).toMatchObject({ count: 0, overall: null });
    expect(await field<EquipmentAverages>('Ad.equipmentRatings', { id: adId })).toMatchObject({ count: 0, overall: null });
    // The lone rating waits for the deadline's job.
    const schedule = (await listOneTimeSchedules()).find((s) => s.name === `rating-publish-${contractId}`);
    expect(schedule).toMatchObject({ job: 'rating-publish', payload: { contractId } });

    const both = (await submit(owner, ownerRating(contractId))) as ContractRatings;
    expect(both.mine!.publishedAt).toBeTruthy();
    expect(both.theirs).toMatchObject({
      side: 'TENANT',
      equipment: EQUIPMENT,
      party: OWNER_STARS,
      comment: 'Cuisine impeccable, accueil chaleureux.',
    });
    expect((await ratingsOf(tenant, contractId)).theirs).toMatchObject({ side: 'OWNER', party: TENANT_STARS, comment: null });

    const ownerReviews = await reviewsOf(owner.id);
    expect(ownerReviews.items).toEqual([
      expect.objectContaining({
        id: `${contractId}.TENANT`,
        side: 'TENANT',
        authorName: 'Traiteur Lumière',
        stars: OWNER_STARS,
        canAnswer: false,
      }),
    ]);
    expect(ownerReviews.items[0]!.ad).toMatchObject({ id: adId });
    expect(ownerReviews.items[0]!.month).toMatch(/^\d{4}-\d{2}$/);
    expect((await reviewsOf(tenant.id)).items).toEqual([expect.objectContaining({ side: 'OWNER', authorName: 'Cuisine du Quartier' })]);
    expect(await field<PartyAverages>('PublicProfile.ratings', { id: owner.id })).toEqual({
      count: 1,
      organizationsCount: 1,
      respectOfContract: 5,
      communication: 4,
      reliability: 5,
      overall: 4.7,
    });
    expect(await field<EquipmentAverages>('Ad.equipmentRatings', { id: adId })).toEqual({
      count: 1,
      compliance: 5,
      cleanliness: 4,
      security: 4,
      overall: 4.3,
    });
    // The same on the ad's search card (a search result names the ad by its id too).
    expect(await field<EquipmentAverages>('AdSummary.equipmentRatings', { id: adId })).toMatchObject({ count: 1, overall: 4.3 });
  });

  it('publishes both when the two sides send at the same moment', async () => {
    const { owner, tenant, contractId } = await givenRental();
    await Promise.all([submit(tenant, tenantRating(contractId)), submit(owner, ownerRating(contractId))]);
    const stored = (await getContractRatings(contractId))!;
    expect(stored.TENANT!.publishedAt).toBeTruthy();
    expect(stored.OWNER!.publishedAt).toBeTruthy();
    expect((await reviewsOf(owner.id)).items).toHaveLength(1);
    expect((await reviewsOf(tenant.id)).items).toHaveLength(1);
  });

  it('publishes a lone rating at the deadline, once even when the job fires twice, and never before', async () => {
    const { owner, tenant, contractId, adId } = await givenRental();
    await submit(owner, ownerRating(contractId, { comment: 'Locataire soigneux.' }));
    const schedule = (await listOneTimeSchedules()).find((s) => s.name === `rating-publish-${contractId}`)!;

    // Fired a day early by the clock with the instant of yesterday: nothing is due.
    expect(await fire(contractId, new Date(now().getTime() - DAY).toISOString())).toBe('NOTHING_TO_DO');
    expect((await reviewsOf(tenant.id)).items).toEqual([]);

    clock.advance(14 * DAY);
    try {
      const runs = await Promise.all([fire(contractId, schedule.at), fire(contractId, schedule.at)]);
      expect(runs.sort()).toEqual(['NOTHING_TO_DO', 'PUBLISHED']);
      expect(await fire(contractId, schedule.at)).toBe('NOTHING_TO_DO');
      expect((await reviewsOf(tenant.id)).items).toEqual([expect.objectContaining({ side: 'OWNER', comment: 'Locataire soigneux.' })]);
      expect(await field<PartyAverages>('PublicProfile.ratings', { id: tenant.id })).toMatchObject({ count: 1 });
      // The tenant did not rate: nothing of theirs, and the deadline has passed.
      expect(await field<EquipmentAverages>('Ad.equipmentRatings', { id: adId })).toMatchObject({ count: 0 });
      expect(await ratingsOf(tenant, contractId)).toMatchObject({ canRate: false, theirs: { side: 'OWNER' }, mine: null });
      expect((await reviewsOf(owner.id)).items).toEqual([]);
    } finally {
      clock.advance(-14 * DAY);
    }
  });
});

describe('reviews and reputation', () => {
  it('lets the rated user answer a published review once, publicly; nobody else', async () => {
    const { owner, tenant, contractId } = await givenRental();
    await submit(tenant, tenantRating(contractId));
    await submit(owner, ownerRating(contractId));
    const reviewId = `${contractId}.TENANT`;
    expect((await reviewsOf(owner.id, owner)).items[0]!.canAnswer).toBe(true);
    expect(errorCodeOf(await call('Mutation.answerReview', { input: { reviewId, text: 'Merci !' } }, asUser(tenant)))).toBe(
      'UNAUTHORIZED_ACCESS',
    );
    expect(errorCodeOf(await call('Mutation.answerReview', { input: { reviewId, text: '   ' } }, asUser(owner)))).toBe('VALIDATION_FAILED');
    const answered = (await call('Mutation.answerReview', { input: { reviewId, text: 'Merci, au plaisir !' } }, asUser(owner))) as Review;
    expect(answered).toMatchObject({ answer: { text: 'Merci, au plaisir !' }, canAnswer: false });
    expect(errorCodeOf(await call('Mutation.answerReview', { input: { reviewId, text: 'Encore' } }, asUser(owner)))).toBe(
      'REVIEW_ALREADY_ANSWERED',
    );
    expect((await reviewsOf(owner.id)).items[0]!.answer).toMatchObject({ text: 'Merci, au plaisir !' });
  });

  it('lists reviews newest first, by pages', async () => {
    const owner = await givenUser();
    for (let i = 0; i < 3; i++) {
      const tenant = await givenUser();
      const { id } = await givenEndedContract(tenant, owner);
      await submit(tenant, tenantRating(id, { comment: `Avis ${i}` }));
      await submit(owner, ownerRating(id));
      clock.advance(1_000);
    }
    const first = (await call('Query.userReviews', { userId: owner.id, limit: 2 }, asUser(reader))) as ReviewPage;
    expect(first.items.map((r) => r.comment)).toEqual(['Avis 2', 'Avis 1']);
    const second = (await call(
      'Query.userReviews',
      { userId: owner.id, limit: 2, nextToken: first.nextToken },
      asUser(reader),
    )) as ReviewPage;
    expect(second).toMatchObject({ items: [expect.objectContaining({ comment: 'Avis 0' })], nextToken: null });
    expect(await field<PartyAverages>('PublicProfile.ratings', { id: owner.id })).toMatchObject({ count: 3, overall: 4.7 });
  });

  it('lists the tenants’ reviews of an ad’s equipment for anyone, newest first by pages, once published only', async () => {
    const owner = await givenUser({ publicName: 'Cuisine du Quartier' });
    const tenants = await Promise.all([0, 1, 2].map((i) => givenUser({ publicName: `Locataire ${i}` })));
    const first = await givenEndedContract(tenants[0]!, owner);
    const adId = first.adId;
    const rentals = [first, ...(await Promise.all(tenants.slice(1).map((tenant) => givenEndedContract(tenant, owner, { adId }))))];
    for (const [i, rental] of rentals.entries()) {
      await submit(tenants[i]!, tenantRating(rental.id, { comment: `Avis ${i}` }));
      // The last one waits for the owner's rating (blind): not on the ad yet.
      if (i < 2) await submit(owner, ownerRating(rental.id, { comment: 'Locataire soigneux.' }));
      clock.advance(1_000);
    }
    const adReviews = (as: Parameters<typeof call>[2], extra: Record<string, unknown> = {}) =>
      call('Query.adReviews', { adId, limit: 1, ...extra }, as) as Promise<ReviewPage>;
    const page1 = await adReviews(undefined);
    expect(page1.items).toEqual([
      expect.objectContaining({ authorName: 'Locataire 1', comment: 'Avis 1', equipment: EQUIPMENT, canAnswer: false, canReport: false }),
    ]);
    const page2 = await adReviews(undefined, { nextToken: page1.nextToken });
    expect(page2).toMatchObject({ items: [expect.objectContaining({ comment: 'Avis 0', side: 'TENANT' })], nextToken: null });
    // The owner reads them too, and may answer them there.
    expect((await adReviews(asUser(owner))).items[0]).toMatchObject({ canAnswer: true });
    // The lone rating, once published at the deadline, joins them.
    await fire(rentals[2]!.id, new Date(now().getTime() + 15 * DAY).toISOString());
    expect((await adReviews(undefined, { limit: 5 })).items.map((review) => review.comment)).toEqual(['Avis 2', 'Avis 1', 'Avis 0']);
    // Nothing of an ad nobody may read.
    expect(await call('Query.adReviews', { adId: 'no-such-ad' })).toEqual({ items: [], nextToken: null });
    expect(errorCodeOf(await call('Query.adReviews', { adId: '' }))).toBe('VALIDATION_FAILED');
  });

  it('counts no transaction on a profile before a payout (the payout counts them, contract-payouts.db.test.ts)', async () => {
    const { owner } = await givenRental();
    expect(await accountsHandler(resolverEvent('Query.publicProfile', { id: owner.id }, asUser(reader)))).toMatchObject({
      transactionsCount: 0,
    } satisfies Partial<PublicProfile>);
  });
});

describe('reputation at arm’s length', () => {
  const FIVE = { compliance: 5, cleanliness: 5, security: 5 };
  const FIVE_PARTY = { respectOfContract: 5, communication: 5, reliability: 5 };
  const THREE = { compliance: 3, cleanliness: 3, security: 3 };
  const THREE_PARTY = { respectOfContract: 3, communication: 3, reliability: 3 };
  /** Both sides rate a rental of `tenant`'s from `owner` on `adId`, the tenant with `stars` for everything. */
  async function rateRental(tenant: UserRecord, owner: UserRecord, adId: string, [equipment, party]: [typeof FIVE, typeof FIVE_PARTY]) {
    const { id } = await givenEndedContract(tenant, owner, { adId });
    await submit(tenant, tenantRating(id, { equipment, party }));
    await submit(owner, ownerRating(id));
    clock.advance(1_000);
    return id;
  }
  /** The ad's equipment sums in the rating order: its key there (`<average in tenths>#…`). */
  const ratedKey = async (adId: string) =>
    (await db().send(new GetCommand({ TableName: tableName(), Key: { PK: `AD#${adId}`, SK: 'EQUIPMENT_RATINGS' } }))).Item
      ?.GSI2SK as string;

  it('counts one review per author of a user per period: four rentals between the same two accounts count once, the others listed', async () => {
    const { owner, tenant: accomplice, adId } = await givenRental();
    const stranger = await givenUser({ publicName: 'Épicerie du Coin' });
    await rateRental(stranger, owner, adId, [THREE, THREE_PARTY]);
    for (let i = 0; i < 4; i++) await rateRental(accomplice, owner, adId, [FIVE, FIVE_PARTY]);

    // The stranger's 3 and the accomplice's first 5: 4 on average, from two organisations.
    expect(await field<PartyAverages>('PublicProfile.ratings', { id: owner.id })).toMatchObject({
      count: 2,
      organizationsCount: 2,
      overall: 4,
    });
    expect(await field<EquipmentAverages>('Ad.equipmentRatings', { id: adId })).toMatchObject({ count: 2, overall: 4 });
    expect(await ratedKey(adId)).toMatch(/^040#/);
    // The owner's four reviews of the accomplice: one counted.
    expect(await field<PartyAverages>('PublicProfile.ratings', { id: accomplice.id })).toMatchObject({ count: 1, organizationsCount: 1 });
    // Every review is published and listed; those within their pair's period say they are not counted.
    const listed = (await reviewsOf(owner.id)).items;
    expect(listed.map((review) => review.counted)).toEqual([false, false, false, true, true]);
    expect(((await call('Query.adReviews', { adId })) as ReviewPage).items.filter((review) => review.counted)).toHaveLength(2);

    // The period over, the accomplice's next review counts again (an organisation already counted).
    clock.advance(REPUTATION_PAIR_PERIOD_DAYS * DAY);
    try {
      await rateRental(accomplice, owner, adId, [FIVE, FIVE_PARTY]);
      expect(await field<PartyAverages>('PublicProfile.ratings', { id: owner.id })).toMatchObject({ count: 3, organizationsCount: 2 });
      expect(await field<EquipmentAverages>('Ad.equipmentRatings', { id: adId })).toMatchObject({ count: 3, overall: 4.3 });
      expect(await ratedKey(adId)).toMatch(/^043#/);
      expect((await reviewsOf(owner.id)).items[0]!.counted).toBe(true);
    } finally {
      clock.advance(-REPUTATION_PAIR_PERIOD_DAYS * DAY);
    }
  });

  it('counts one of two publications at once between the same two accounts', async () => {
    const { owner, tenant, contractId, adId } = await givenRental();
    const second = (await givenEndedContract(tenant, owner, { adId })).id;
    for (const id of [contractId, second]) await submit(tenant, tenantRating(id));
    // The owner's two ratings, sent at the same moment, publish both rentals' (four reviews) at once.
    await Promise.all([submit(owner, ownerRating(contractId)), submit(owner, ownerRating(second))]);
    for (const user of [owner, tenant]) {
      expect(await field<PartyAverages>('PublicProfile.ratings', { id: user.id })).toMatchObject({ count: 1, organizationsCount: 1 });
      expect((await reviewsOf(user.id)).items.map((review) => review.counted).sort()).toEqual([false, true]);
    }
    expect(await field<EquipmentAverages>('Ad.equipmentRatings', { id: adId })).toMatchObject({ count: 1 });
  });
});

describe('who hears of it', () => {
  const subjects = async (user: UserRecord) => (await outbox.emailsTo(user.email)).map((mail) => mail.subject);

  it('the second side hears it is their turn, both hear the publication, and a review’s author hears of its answer', async () => {
    const { owner, tenant, contractId } = await givenRental();
    await submit(tenant, tenantRating(contractId));
    expect(await subjects(owner)).toContain('Traiteur Lumière a évalué votre location : à votre tour');
    const turn = (await outbox.emailsTo(owner.email)).find((mail) => mail.subject?.includes('à votre tour'))!;
    expect(turn.text).toMatch(/avant le \d+ \S+ \d{4}/);
    expect(turn.text).toContain(`/contrats/${contractId}/evaluation`);
    expect(await subjects(tenant)).not.toContainEqual(expect.stringMatching(/à votre tour|publiées/));

    await submit(owner, ownerRating(contractId));
    for (const user of [owner, tenant]) expect(await subjects(user)).toContain('Les évaluations de votre location sont publiées');

    const reviewId = `${contractId}.TENANT`;
    await call('Mutation.answerReview', { input: { reviewId, text: 'Merci, au plaisir !' } }, asUser(owner));
    expect(await subjects(tenant)).toContain('Cuisine du Quartier a répondu à votre évaluation');
  });

  it('a lone rating published by its deadline’s job is told to both sides, once', async () => {
    const { owner, tenant, contractId } = await givenRental();
    await submit(tenant, tenantRating(contractId));
    const deadline = (await listOneTimeSchedules()).find((s) => s.job === 'rating-publish' && s.payload.contractId === contractId)!.at;
    // The job fired at its instant (twice: a retry), the owner not having rated.
    expect(await fire(contractId, deadline)).toBe('PUBLISHED');
    expect(await fire(contractId, deadline)).toBe('NOTHING_TO_DO');
    for (const user of [owner, tenant]) {
      expect((await subjects(user)).filter((subject) => subject === 'Les évaluations de votre location sont publiées')).toHaveLength(1);
    }
  });
});

describe('the dashboard’s ratings to give', () => {
  it('shows the deadline to each side until they have sent theirs, and nothing on a rental not over', async () => {
    const { owner, tenant, contractId } = await givenRental();
    const toGive = (user: UserRecord, id = contractId) => field<RatingToGive | null>('ContractSummary.ratingToGive', { id }, user);
    const deadline = new Date(Date.parse((await ratingsOf(tenant, contractId)).endAt) + 14 * DAY).toISOString();
    expect(await toGive(tenant)).toEqual({ deadline, started: false });
    await call('Mutation.saveRatingDraft', { input: { contractId, equipment: EQUIPMENT } }, asUser(tenant));
    expect(await toGive(tenant)).toEqual({ deadline, started: true });
    await submit(tenant, tenantRating(contractId));
    expect(await toGive(tenant)).toBeNull();
    expect(await toGive(owner)).toEqual({ deadline, started: false });
    const proposed = await givenContract(tenant);
    expect(await toGive(tenant, proposed.id)).toBeNull();
    // The contract's page says the same; an administrator reading it has nothing to rate.
    expect(await field<RatingToGive | null>('Contract.ratingToGive', { id: contractId }, owner)).toEqual({ deadline, started: false });
    expect(await field<RatingToGive | null>('Contract.ratingToGive', { id: contractId }, await givenUser({ role: 'ADMIN' }))).toBeNull();
  });

  it('lists every rating a user has to give, as owner and as tenant, soonest deadline first, whatever the payout', async () => {
    const user = await givenUser();
    const other = await givenUser({ publicName: 'Épicerie du Coin' });
    const asTenant = await givenEndedContract(user, other, { endedDaysAgo: 3 });
    const asOwner = await givenEndedContract(other, user, { endedDaysAgo: 5 });
    const payoutHeld = await givenEndedContract(user, other, { status: 'PAID' });
    const rated = await givenEndedContract(user, other);
    await submit(user, tenantRating(rated.id));
    await givenEndedContract(user, other, { status: 'PAID', endedDaysAgo: -1 });
    await givenEndedContract(user, other, { endedDaysAgo: 15 });
    await givenEndedContract(other, user, { status: 'REFUNDED' });
    const mine = (await call('Query.myRatingsToGive', {}, asUser(user))) as ContractSummary[];
    expect(mine.map((line) => line.id)).toEqual([asOwner.id, asTenant.id, payoutHeld.id]);
    expect(mine[1]).toMatchObject({ otherPartyName: 'Épicerie du Coin', status: 'CLOSED' });
    expect((await call('Query.myRatingsToGive', {}, asUser(other))) as ContractSummary[]).toHaveLength(4);
    expect(errorCodeOf(await call('Query.myRatingsToGive', {}, asUser(await givenUser({ role: 'ADMIN' }))))).toBe('UNAUTHORIZED_ACCESS');
  });
});
