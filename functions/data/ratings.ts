// Ratings (issue 21): the ratings of each contract, the reviews published from them, and the
// aggregates read on public profiles and ads (maintained on write, never computed by a read).
//
// - `CONTRACT#<id>/RATINGS` holds both sides' ratings of the contract (drafts, sent, published). Every
//   write is a Put conditioned on its `revision` (or its absence): of two writes at once, the second
//   is refused, reads again and sees the first (one rating per side; the second side's sending
//   publishes both).
// - Publishing a side's rating is one transaction: the contract's ratings (conditioned on the revision
//   read), the review `REVIEW#<contractId>#<side>/REVIEW` (listed per rated user on GSI1, newest
//   first), and `ADD`s to the rated user's `REPUTATION#<userId>/REPUTATION` and, for the tenant's,
//   the ad's `AD#<adId>/EQUIPMENT_RATINGS`. So the aggregates count each rating exactly once.
// - Only arm's-length reviews count (reputation-pairs.ts): of one author's reviews of one user, one per
//   REPUTATION_PAIR_PERIOD_DAYS, and none between linked accounts (linked-accounts.ts). A review published while its pair's period runs is put and listed
//   (`counted: false`) but adds to no aggregate and does not move the rating order; one that counts
//   puts the pair's item in the publication's transaction, conditioned on it as read, and, the pair's
//   first, adds 1 to the reputation's `organizationsCount` (the distinct authors).
// - A moderator hiding a published comment marks the review and the rating it came from in one
//   transaction (the rating's revision moves on, so a write of the ratings read before is refused).
// - While the ad is in the search, its equipment aggregate is listed in the rating order (GSI2
//   `RATED#<shard>`, by overall average then publication: keys.ts ratedIndexKeys), with the ad's
//   geohash (`ratedGeohash`: the search leaves out the rated ads outside its circle before reading
//   their cards). Its keys are rewritten by every write that may move it — a publication (with the
//   sums, in its transaction) and every write of the ad (equipmentPlacementWrite, in the ad's
//   transaction) — each conditioned on the count it read and on the ad's search entry as read (its
//   publication and its geohash), so of two at once the later is refused and reads again: the keys
//   always match the sums and the entry.
// - The reputation item also counts the user's transactions (contracts paid and paid out), added in
//   the payout's own transaction (armsLengthTransactionUpdates: one per pair of accounts per period).
// - Each party of a paid contract has `USER#<userId>/RATING_DUE#<deadline>#<contractId>`, put once paid
//   (the contract-paid job): a range of sort keys finds the contracts whose rating window is running
//   (their end passed, their deadline not), so the dashboard reads those, not all the user's contracts.
//   Nothing else changes them; they expire at the deadline. Whether each is still to give (rated,
//   refunded) is decided on the contract and its ratings.
// - A tenant's review is also listed per ad (GSI2 `AD_REVIEWS#<adId>`, newest first): the ad's page
//   shows its equipment's comments.

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EquipmentCriterion, EquipmentStarValues, PartyStarValues, RatingSideName } from '@partage/graphql';
import { averagesOf, EQUIPMENT_CRITERIA, PARTY_CRITERIA } from '@partage/graphql';
import { batchGet, db, isConditionFailure, queryPages, tableName, transactWrite, type TransactItem } from './client';
import { DataRefusal } from './errors';
import { adEquipmentRatingsKey as equipmentRatingsKey, ratedIndexKeys, reputationKey, searchEntryKey } from './keys';
import { newestFirstPage, type ListingIndex } from './page-tokens';
import { countsAt, pairCountedPut, readPairs, reviewPairKey, transactionPairKey } from './reputation-pairs';

const ratingsKey = (contractId: string) => ({ PK: `CONTRACT#${contractId}`, SK: 'RATINGS' });
const reviewKey = (contractId: string, side: RatingSideName) => ({ PK: `REVIEW#${contractId}#${side}`, SK: 'REVIEW' });
const userReviewsPartition = (userId: string) => `USER_REVIEWS#${userId}`;
const REVIEWS_INDEX: ListingIndex = { name: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK' };
const adReviewsPartition = (adId: string) => `AD_REVIEWS#${adId}`;
const AD_REVIEWS_INDEX: ListingIndex = { name: 'GSI2', pk: 'GSI2PK', sk: 'GSI2SK' };
const RATING_DUE = 'RATING_DUE#';
const ratingDueKey = (userId: string, deadline: string, contractId: string) => ({
  PK: `USER#${userId}`,
  SK: `${RATING_DUE}${deadline}#${contractId}`,
});

/** One side's rating: a draft until `submittedAt`, public from `publishedAt`. */
export interface RatingRecord {
  equipment?: Partial<EquipmentStarValues>;
  party?: Partial<PartyStarValues>;
  comment?: string;
  /** Moderators hid the comment (the stars still count): kept with their reason. */
  commentHidden?: CommentHiding;
  updatedAt: string;
  submittedAt?: string;
  publishedAt?: string;
}

/** Why and when a moderator hid a published comment, and who. */
export interface CommentHiding {
  reason: string;
  at: string;
  adminId: string;
}

export interface ContractRatingsRecord {
  contractId: string;
  adId: string;
  ownerId: string;
  tenantId: string;
  /** The rental's end (ISO): the deadline and the publication rule count from it. */
  endAt: string;
  /** The rental's month, `YYYY-MM`, shown with its reviews. */
  month: string;
  /** Counts the writes; absent before the first. */
  revision?: number;
  TENANT?: RatingRecord;
  OWNER?: RatingRecord;
}

export interface ReviewRecord {
  contractId: string;
  /** Who wrote it. */
  side: RatingSideName;
  authorId: string;
  ratedUserId: string;
  adId: string;
  /** The rental's month, `YYYY-MM`. */
  month: string;
  stars: PartyStarValues;
  /** The tenant's stars for the equipment (their review lists on the ad too). */
  equipment?: EquipmentStarValues;
  comment?: string;
  /** As on the rating it was published from: the comment and its answer are hidden. */
  commentHidden?: CommentHiding;
  publishedAt: string;
  /** false: published while its pair's period ran, or between linked accounts (reputation-pairs.ts), in no aggregate; absent: counted. */
  counted?: false;
  /** Not counted because author and rated user are linked accounts (administrators' flag), not for the period. */
  linked?: true;
  answer?: { text: string; at: string };
}

/** A side's published rating: what its review and the aggregates receive. */
export interface Publication {
  side: RatingSideName;
  review: ReviewRecord;
  /** The tenant's, added to the ad's equipment sums. */
  equipment?: EquipmentStarValues;
}

export async function getContractRatings(contractId: string): Promise<ContractRatingsRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: ratingsKey(contractId), ConsistentRead: true }));
  if (!Item) return undefined;
  const { PK: _pk, SK: _sk, type: _type, ...record } = Item;
  return record as ContractRatingsRecord;
}

/** The ratings items of several contracts (the dashboard's page), by contract id. */
export async function getManyContractRatings(contractIds: string[]): Promise<Map<string, ContractRatingsRecord>> {
  const items = await batchGet([...new Set(contractIds)].map(ratingsKey));
  return new Map(items.map((item) => [item.contractId as string, item as unknown as ContractRatingsRecord]));
}

type EquipmentSums = StarSumsRecord<EquipmentCriterion>;

/** The equipment's overall average in tenths, as cards show it rounded (10..50); null when unrated. */
export function averageTenthsOf(sums: EquipmentSums): number | null {
  const { overall } = averagesOf(EQUIPMENT_CRITERIA, sums);
  return overall === null ? null : Math.round(overall * 10);
}

/** What the rating order holds of an ad's search entry: when it was published, where (its geohash). */
export interface SearchListing {
  publishedAt: string;
  geohash: string;
}

/**
 * The clauses that put an equipment aggregate at its place in the rating order (`listing`: its ad's
 * entry's; null, out of the search: out of the order), refused unless the count is still `countRead`.
 */
function placementClauses(adId: string, sums: EquipmentSums, listing: SearchListing | null, countRead: number) {
  const tenths = averageTenthsOf(sums);
  const keys = tenths !== null && listing ? ratedIndexKeys(tenths, listing.publishedAt, adId) : null;
  return {
    set: keys ? ['GSI2PK = :ratedPk', 'GSI2SK = :ratedSk', 'ratedGeohash = :ratedGeohash'] : [],
    remove: keys ? '' : ' REMOVE GSI2PK, GSI2SK, ratedGeohash',
    values: {
      ...(keys && { ':ratedPk': keys.GSI2PK, ':ratedSk': keys.GSI2SK, ':ratedGeohash': listing!.geohash }),
      ...(countRead > 0 && { ':countRead': countRead }),
    },
    condition: countRead > 0 ? 'ratingsCount = :countRead' : 'attribute_not_exists(ratingsCount)',
  };
}

/** An equipment aggregate's item as publications leave it, in the rating order (exported for bulk loads: the benchmark). */
export function equipmentRatingsItem(adId: string, { count, sums }: EquipmentSums, listing: SearchListing): Record<string, unknown> {
  const tenths = averageTenthsOf({ count, sums });
  return {
    ...equipmentRatingsKey(adId),
    type: 'EquipmentRatings',
    ratingsCount: count,
    ...Object.fromEntries(Object.entries(sums).map(([criterion, sum]) => [`sum_${criterion}`, sum])),
    ...(tenths !== null && { ...ratedIndexKeys(tenths, listing.publishedAt, adId), ratedGeohash: listing.geohash }),
  };
}

/** The ad's search entry is still as read: published at that instant in that place, or absent (null). */
const entryCheck = (adId: string, listing: SearchListing | null): TransactItem => ({
  ConditionCheck: {
    TableName: tableName(),
    Key: searchEntryKey(adId),
    ConditionExpression: listing ? 'publishedAt = :publishedAt AND geohash = :geohash' : 'attribute_not_exists(PK)',
    ...(listing && { ExpressionAttributeValues: { ':publishedAt': listing.publishedAt, ':geohash': listing.geohash } }),
  },
});

/**
 * ADD of each criterion's stars and of 1 to the count, on an aggregate item (and to its
 * `organizationsCount` for a `newOrganization`: a reputation's first review by its author); the
 * equipment's also moves in the rating order (`placed`: the sums read, the ad's entry's publication),
 * on the condition that neither changed since they were read.
 */
function sumsUpdate(
  key: Record<string, string>,
  type: string,
  stars: Record<string, number>,
  {
    placed,
    newOrganization = false,
  }: { placed?: { adId: string; before: EquipmentSums; listing: SearchListing | null }; newOrganization?: boolean } = {},
): TransactItem[] {
  const names = Object.keys(stars);
  const after = placed && {
    count: placed.before.count + 1,
    sums: Object.fromEntries(EQUIPMENT_CRITERIA.map((name) => [name, (placed.before.sums[name] ?? 0) + (stars[name] ?? 0)])),
  };
  const placement = placed && placementClauses(placed.adId, after!, placed.listing, placed.before.count);
  return [
    {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: `SET ${['#type = :type', ...(placement?.set ?? [])].join(', ')}${placement?.remove ?? ''} ADD ratingsCount :one, ${newOrganization ? 'organizationsCount :one, ' : ''}${names.map((_, i) => `#c${i} :s${i}`).join(', ')}`,
        ...(placement && { ConditionExpression: placement.condition }),
        ExpressionAttributeNames: { '#type': 'type', ...Object.fromEntries(names.map((name, i) => [`#c${i}`, `sum_${name}`])) },
        ExpressionAttributeValues: {
          ':type': type,
          ':one': 1,
          ...Object.fromEntries(names.map((name, i) => [`:s${i}`, stars[name]])),
          ...placement?.values,
        },
      },
    },
    ...(placed ? [entryCheck(placed.adId, placed.listing)] : []),
  ];
}

/**
 * Inside an ad's transaction (its search entry written as `listing`, or removed: null): its equipment
 * aggregate's place in the rating order, from the sums read before (`sums`). Refused when a rating was
 * published since (the caller reads the sums again).
 */
export function equipmentPlacementWrite(adId: string, sums: EquipmentSums, listing: SearchListing | null): TransactItem {
  const placement = placementClauses(adId, sums, listing, sums.count);
  if (sums.count === 0) {
    return { ConditionCheck: { TableName: tableName(), Key: equipmentRatingsKey(adId), ConditionExpression: placement.condition } };
  }
  return {
    Update: {
      TableName: tableName(),
      Key: equipmentRatingsKey(adId),
      UpdateExpression: `${placement.set.length > 0 ? `SET ${placement.set.join(', ')}` : ''}${placement.remove}`.trim(),
      ConditionExpression: placement.condition,
      ExpressionAttributeValues: placement.values,
    },
  };
}

/**
 * Writes `next` over the ratings read as `before` (revision + 1), publishing `publications` with it:
 * their reviews and, for those that count (their pair's period over), the pairs' items and the
 * aggregates' sums in the same transaction. STALE_VERSION when the ratings, or a pair, were changed
 * since they were read (the caller reads again).
 */
export async function replaceContractRatings(
  before: ContractRatingsRecord | undefined,
  next: ContractRatingsRecord,
  publications: Publication[] = [],
): Promise<ContractRatingsRecord> {
  const written: ContractRatingsRecord = { ...next, revision: (before?.revision ?? 0) + 1 };
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...ratingsKey(next.contractId), type: 'ContractRatings', ...written },
        ConditionExpression: before?.revision === undefined ? 'attribute_not_exists(PK)' : 'revision = :revision',
        ...(before?.revision !== undefined && { ExpressionAttributeValues: { ':revision': before.revision } }),
      },
    },
  ];
  // Whether each counts is decided on its pair's item as it stands, and the equipment's place in the
  // rating order from its sums and its ad's search entry as they stand: all read now, the transaction
  // refused (STALE_VERSION) if any moved meanwhile.
  const [pairs, placed] = await Promise.all([
    readPairs(
      publications.map(({ review }) => ({
        key: reviewPairKey(review.ratedUserId, review.authorId),
        userIds: [review.ratedUserId, review.authorId] as [string, string],
      })),
    ),
    publications.some((publication) => publication.equipment)
      ? Promise.all([getEquipmentSums(next.adId), searchEntryListing(next.adId)])
      : undefined,
  ]);
  for (const [index, { side, review, equipment }] of publications.entries()) {
    const pair = pairs[index]!;
    const counted = countsAt(pair, review.publishedAt);
    items.push({
      Put: {
        TableName: tableName(),
        Item: {
          ...reviewKey(review.contractId, side),
          type: 'Review',
          GSI1PK: userReviewsPartition(review.ratedUserId),
          GSI1SK: `${review.publishedAt}#${review.contractId}#${side}`,
          ...(review.equipment && { GSI2PK: adReviewsPartition(review.adId), GSI2SK: `${review.publishedAt}#${review.contractId}` }),
          ...review,
          ...(!counted && { counted: false }),
          ...(pair.linked && { linked: true }),
        },
        ConditionExpression: 'attribute_not_exists(PK)',
      },
    });
    if (!counted) continue;
    items.push(
      pairCountedPut(pair, review.publishedAt, 'ReviewPair', review.contractId),
      ...sumsUpdate(reputationKey(review.ratedUserId), 'Reputation', review.stars, { newOrganization: pair.countedUntil === null }),
    );
    if (equipment && placed) {
      const [before, listing] = placed;
      items.push(
        ...sumsUpdate(equipmentRatingsKey(next.adId), 'EquipmentRatings', equipment, { placed: { adId: next.adId, before, listing } }),
      );
    }
  }
  try {
    await transactWrite(items);
  } catch (error) {
    if (isConditionFailure(error)) throw new DataRefusal('STALE_VERSION', "The contract's ratings were changed meanwhile");
    throw error;
  }
  return written;
}

/** Sums of stars and how many ratings they add up (absent criteria: 0). */
export interface StarSumsRecord<C extends string> {
  count: number;
  sums: Partial<Record<C, number>>;
}

function sumsOf<C extends string>(item: Record<string, unknown> | undefined, criteria: readonly C[]): StarSumsRecord<C> {
  return {
    count: Number(item?.ratingsCount ?? 0),
    sums: Object.fromEntries(criteria.map((criterion) => [criterion, Number(item?.[`sum_${criterion}`] ?? 0)])) as Record<C, number>,
  };
}

export interface ReputationRecord extends StarSumsRecord<(typeof PARTY_CRITERIA)[number]> {
  /** How many authors (organisations) the counted reviews come from. */
  organizationsCount: number;
  transactionsCount: number;
}

/** The reputations of several users (absent: nothing yet), by user id: one BatchGetItem. */
export async function getReputations(userIds: string[]): Promise<Map<string, ReputationRecord>> {
  const items = await batchGet([...new Set(userIds)].map(reputationKey));
  const byId = new Map(items.map((item) => [String(item.PK).slice('REPUTATION#'.length), item]));
  return new Map(
    userIds.map((id) => {
      const item = byId.get(id);
      return [
        id,
        {
          ...sumsOf(item, PARTY_CRITERIA),
          organizationsCount: Number(item?.organizationsCount ?? 0),
          transactionsCount: Number(item?.transactionsCount ?? 0),
        },
      ];
    }),
  );
}

/** An ad's equipment sums as they stand (a strongly consistent read), before a write that depends on them. */
export async function getEquipmentSums(adId: string): Promise<EquipmentSums> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: equipmentRatingsKey(adId), ConsistentRead: true }));
  return sumsOf(Item, EQUIPMENT_CRITERIA);
}

/** When and where the ad's search entry was published (a strongly consistent read); null when it is out of the search. */
async function searchEntryListing(adId: string): Promise<SearchListing | null> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: searchEntryKey(adId),
      ConsistentRead: true,
      ProjectionExpression: 'publishedAt, geohash',
    }),
  );
  return Item ? { publishedAt: Item.publishedAt as string, geohash: Item.geohash as string } : null;
}

/** The equipment sums of several ads, by ad id: one BatchGetItem. */
export async function getEquipmentRatings(adIds: string[]): Promise<Map<string, StarSumsRecord<(typeof EQUIPMENT_CRITERIA)[number]>>> {
  const items = await batchGet([...new Set(adIds)].map(equipmentRatingsKey));
  const byId = new Map(items.map((item) => [String(item.PK).slice('AD#'.length), item]));
  return new Map(adIds.map((id) => [id, sumsOf(byId.get(id), EQUIPMENT_CRITERIA)]));
}

/** One more transaction for each party (-1: one less, a rental refunded after its payout), to write with the contract's change. */
export const transactionCountUpdates = (userIds: string[], delta: 1 | -1 = 1): TransactItem[] =>
  userIds.map((userId) => ({
    Update: {
      TableName: tableName(),
      Key: reputationKey(userId),
      UpdateExpression: 'SET #type = :type ADD transactionsCount :one',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'Reputation', ':one': delta },
    },
  }));

/**
 * The payout's count of a rental paid out at `at` (ISO), to write in its transaction: one more
 * transaction for both parties unless another rental between the same two accounts counted within
 * REPUTATION_PAIR_PERIOD_DAYS, or the two are linked accounts (then nothing); a counted one puts their pair's item, conditioned on it
 * as read, so that of two payouts at once between them one counts (the other's write is refused).
 */
export async function armsLengthTransactionUpdates(
  contract: { id: string; ownerId: string; tenantId: string },
  at: string,
): Promise<TransactItem[]> {
  const userIds: [string, string] = [contract.ownerId, contract.tenantId];
  const [pair] = await readPairs([{ key: transactionPairKey(userIds), userIds }]);
  if (!countsAt(pair!, at)) return [];
  return [pairCountedPut(pair!, at, 'TransactionPair', contract.id), ...transactionCountUpdates([contract.ownerId, contract.tenantId])];
}

/**
 * A paid-out rental taken back (refunded, or a dispute lost): out of both parties' counts if it was the
 * one its pair counted, and the pair's period ended with it (the next rental between them counts); a
 * rental its pair did not count was in no count, and takes nothing away. In the refund's transaction,
 * conditioned on the pair still naming this contract.
 */
export async function armsLengthTransactionRemovals(contract: { id: string; ownerId: string; tenantId: string }): Promise<TransactItem[]> {
  const key = transactionPairKey([contract.ownerId, contract.tenantId]);
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  if (Item?.contractId !== contract.id) return [];
  return [
    {
      Delete: {
        TableName: tableName(),
        Key: key,
        ConditionExpression: 'contractId = :contract',
        ExpressionAttributeValues: { ':contract': contract.id },
      },
    },
    ...transactionCountUpdates([contract.ownerId, contract.tenantId], -1),
  ];
}

/**
 * Sets a user's transaction count to `count` (the backfill: docs/ratings.md), if it is still
 * `countRead` (their count as read before counting): false when a payout added to it meanwhile.
 */
export async function setTransactionsCount(userId: string, count: number, countRead: number): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reputationKey(userId),
        UpdateExpression: 'SET #type = :type, transactionsCount = :count',
        ConditionExpression:
          countRead === 0 ? 'attribute_not_exists(transactionsCount) OR transactionsCount = :zero' : 'transactionsCount = :read',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'Reputation',
          ':count': count,
          ...(countRead === 0 ? { ':zero': 0 } : { ':read': countRead }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const reviewOf = (item: Record<string, unknown>): ReviewRecord => {
  const { PK: _pk, SK: _sk, type: _type, GSI1PK: _gsi1pk, GSI1SK: _gsi1sk, GSI2PK: _gsi2pk, GSI2SK: _gsi2sk, ...record } = item;
  return record as unknown as ReviewRecord;
};

/** The reviews a user received, newest first; one item more than asked tells whether a next page exists. */
export async function userReviews(
  userId: string,
  limit: number,
  nextToken?: string | null,
): Promise<{ reviews: ReviewRecord[]; nextToken: string | null }> {
  const page = await newestFirstPage(REVIEWS_INDEX, userReviewsPartition(userId), limit, nextToken);
  return { reviews: page.items.map(reviewOf), nextToken: page.nextToken ?? null };
}

/** The tenants' reviews of an ad's equipment, newest first; one item more than asked tells whether a next page exists. */
export async function adReviews(
  adId: string,
  limit: number,
  nextToken?: string | null,
): Promise<{ reviews: ReviewRecord[]; nextToken: string | null }> {
  const page = await newestFirstPage(AD_REVIEWS_INDEX, adReviewsPartition(adId), limit, nextToken);
  return { reviews: page.items.map(reviewOf), nextToken: page.nextToken ?? null };
}

/** Both parties' due marks of a paid contract, put again harmlessly (the same keys), gone at the deadline. */
export async function putRatingsDue(contract: { id: string; ownerId: string; tenantId: string }, deadline: string): Promise<void> {
  const ttl = Math.ceil(Date.parse(deadline) / 1000);
  await transactWrite(
    [contract.ownerId, contract.tenantId].map((userId) => ({
      Put: { TableName: tableName(), Item: { ...ratingDueKey(userId, deadline, contract.id), type: 'RatingDue', ttl } },
    })),
  );
}

/** The contracts of a user's due marks whose deadline lies in [from, to] (ISO instants), soonest first. */
export async function ratingsDueBetween(userId: string, from: string, to: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const items of queryPages({
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':from': `${RATING_DUE}${from}`, ':to': `${RATING_DUE}${to}#~` },
    ProjectionExpression: 'SK',
  })) {
    ids.push(...items.map((item) => String(item.SK).slice(String(item.SK).lastIndexOf('#') + 1)));
  }
  return ids;
}

export async function getReview(contractId: string, side: RatingSideName): Promise<ReviewRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: reviewKey(contractId, side), ConsistentRead: true }));
  return Item && reviewOf(Item);
}

/** The rated user's answer, once: ALREADY_ANSWERED when the review has one (or is not theirs to answer). */
export async function answerReview(review: ReviewRecord, answer: { text: string; at: string }): Promise<ReviewRecord> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: reviewKey(review.contractId, review.side),
        UpdateExpression: 'SET answer = :answer',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(answer)',
        ExpressionAttributeValues: { ':answer': answer },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new DataRefusal('ALREADY_ANSWERED', 'The review has an answer already');
    throw error;
  }
  return { ...review, answer };
}

/**
 * Hides a published review's comment with the moderator's reason, on the review and on the rating it
 * was published from, in one transaction; false when it was hidden already (nothing changes).
 */
export async function hideReviewComment(review: ReviewRecord, hiding: CommentHiding): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: reviewKey(review.contractId, review.side),
          UpdateExpression: 'SET commentHidden = :hiding',
          ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(commentHidden)',
          ExpressionAttributeValues: { ':hiding': hiding },
        },
      },
      {
        Update: {
          TableName: tableName(),
          Key: ratingsKey(review.contractId),
          UpdateExpression: 'SET #side.commentHidden = :hiding ADD revision :one',
          ConditionExpression: 'attribute_exists(#side.publishedAt)',
          ExpressionAttributeNames: { '#side': review.side },
          ExpressionAttributeValues: { ':hiding': hiding, ':one': 1 },
        },
      },
    ]);
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
