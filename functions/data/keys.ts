// Key builders of the single table: every PK/SK is written here and nowhere else.
// functions/data/README.md lists the access patterns they serve.

import { normalizeEmail } from '@partage/graphql';

export const userKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'USER' });

/** One item per e-mail address makes addresses unique (written in the user's transaction). */
export const emailKey = (email: string) => ({ PK: `EMAIL#${normalizeEmail(email)}`, SK: 'EMAIL' });

export const REFRESH_FAMILY_SK_PREFIX = 'REFRESH#';
export const refreshFamilyKey = (userId: string, familyId: string) => ({
  PK: `USER#${userId}`,
  SK: `${REFRESH_FAMILY_SK_PREFIX}${familyId}`,
});

/** A user's pending one-time code of a kind: the two-factor login code, the local host's phone code. */
export type OneTimeCodeKind = 'TWO_FACTOR' | 'PHONE_CODE';
export const oneTimeCodeKey = (kind: OneTimeCodeKind, userId: string) => ({ PK: `USER#${userId}`, SK: kind });

/** Where a user's phone verification stands: the number a code went to, when, until when (phone capability). */
export const phoneVerificationKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'PHONE_VERIFICATION' });

export const TERMS_PARTITION = 'TERMS';
export const currentTermsKey = () => ({ PK: TERMS_PARTITION, SK: 'CURRENT' });
/** One item per published version (its label is unique: the item is created `attribute_not_exists(PK)`). */
export const TERMS_VERSION_SK_PREFIX = 'VERSION#';
export const termsVersionKey = (version: string) => ({ PK: TERMS_PARTITION, SK: `${TERMS_VERSION_SK_PREFIX}${version}` });
export const TERMS_ACCEPTANCE_SK_PREFIX = 'TOS#';
export const termsAcceptanceKey = (userId: string, version: string) => ({
  PK: `USER#${userId}`,
  SK: `${TERMS_ACCEPTANCE_SK_PREFIX}${version}`,
});
/** GSI1: the acceptances of one version, by time (who accepted it, for the administrators). */
export const versionAcceptancesPartition = (version: string) => `TOS_VERSION#${version}`;
export const versionAcceptanceIndexKeys = (version: string, acceptedAt: string, userId: string) => ({
  GSI1PK: versionAcceptancesPartition(version),
  GSI1SK: `${acceptedAt}#${userId}`,
});

/** An e-mailed link's token, under the address it was sent to; the SK is the token's hash. */
export const accountTokenKey = (email: string, tokenHash: string) => ({
  PK: `TOKEN#${normalizeEmail(email)}`,
  SK: `TOKEN#${tokenHash}`,
});

/** A token bucket: one per action and subject (a source address, an account, an e-mail address). */
export const tokenBucketKey = (action: string, subject: string) => ({ PK: `BUCKET#${action}#${subject}`, SK: 'BUCKET' });

/**
 * Failed logins. The items of one account (its own ceiling, and one per source address that failed on
 * it) share a partition, so a password reset clears them all; each source address has one of its own.
 */
export const LOGIN_FAILURES_OF_ACCOUNT_PREFIX = 'FAILURES#';
export const accountLoginFailuresKey = (email: string) => ({ PK: `${LOGIN_FAILURES_OF_ACCOUNT_PREFIX}${email}`, SK: 'ACCOUNT' });
export const sourceAccountLoginFailuresKey = (email: string, source: string) => ({
  PK: `${LOGIN_FAILURES_OF_ACCOUNT_PREFIX}${email}`,
  SK: `SOURCE#${source}`,
});
export const sourceLoginFailuresKey = (source: string) => ({ PK: `FAILURES_FROM#${source}`, SK: 'SOURCE' });
/** A login try of one source on one account that is being checked (one at a time: login-throttle.ts). */
export const loginTurnKey = (email: string, source: string) => ({
  PK: `${LOGIN_FAILURES_OF_ACCOUNT_PREFIX}${email}`,
  SK: `TURN#${source}`,
});

/** GSI1: every account, by creation time (the administrators' user list). */
export const userListIndexKeys = (createdAt: string, userId: string) => ({ GSI1PK: 'USERS', GSI1SK: `${createdAt}#${userId}` });

/** Search entries of an older version (one per field), read only to remove them (reindexUserWords). */
export const legacyUserSearchEntryKey = (userId: string, field: string) => ({ PK: `USER#${userId}`, SK: `SEARCH#${field}` });
/** A user's word item (one per distinct word of the names, organisation and address), listed in GSI2 by that word. */
export const USER_WORD_PREFIX = 'WORD#';
export const userWordKey = (userId: string, word: string) => ({ PK: `USER#${userId}`, SK: `${USER_WORD_PREFIX}${word}` });
export const USER_WORDS_PARTITION = 'USER_WORDS';
export const userWordIndexKeys = (word: string) => ({ GSI2PK: USER_WORDS_PARTITION, GSI2SK: word });

export const systemStatusKey = () => ({ PK: 'SYSTEM', SK: 'STATUS' });

/** How far a demo seed has got (the local host's demo ads): the number of its steps claimed. */
export const seedProgressKey = (seed: string) => ({ PK: 'SEED', SK: seed });

/** Local host only: a one-time schedule (the table scheduler adapter); AWS keeps them in EventBridge Scheduler. */
export const ONE_TIME_SCHEDULE_PARTITION = 'SCHEDULE';
export const oneTimeScheduleKey = (name: string) => ({ PK: ONE_TIME_SCHEDULE_PARTITION, SK: `ONCE#${name}` });

/** An uploaded file's record. */
export const fileRecordKey = (fileId: string) => ({ PK: `FILE#${fileId}`, SK: 'FILE' });
/** GSI1: uploads not yet confirmed, oldest first (the purge of abandoned uploads). */
export const PENDING_UPLOADS_PARTITION = 'PENDING_UPLOADS';
export const pendingUploadIndexKeys = (createdAt: string, fileId: string) => ({
  GSI1PK: PENDING_UPLOADS_PARTITION,
  GSI1SK: `${createdAt}#${fileId}`,
});

/** An ad. */
export const adKey = (adId: string) => ({ PK: `AD#${adId}`, SK: 'AD' });
export type AdListState = 'PUBLISHED' | 'UNPUBLISHED';
/** GSI1: an owner's ads in one state, newest first; the unlisted (administrator-prepared) ads have one partition of their own. */
export const ownerAdsPartition = (ownerId: string, state: AdListState) => `OWNER_ADS#${ownerId}#${state}`;
export const UNLISTED_ADS_PARTITION = 'UNLISTED_ADS';
export const adListIndexKeys = (partition: string, createdAt: string, adId: string) => ({
  GSI1PK: partition,
  GSI1SK: `${createdAt}#${adId}`,
});

// Ad search (functions/domain/search). A published, listed ad has a search card beside it (what a
// result card shows), in the date shards of GSI2 (the lists that walk every published ad), and
// compact points (functions/domain/search/search-points.ts): by geohash in each scope it is in (all
// ads, its category, each keyword stem), by date and by price (all ads, its category), and the
// counts of each scope's cells.
export const searchEntryKey = (adId: string) => ({ PK: `AD#${adId}`, SK: 'SEARCH' });
/** Partitions of the date order without a place: no single hot partition for the busiest list. */
export const RECENT_SHARDS = 8;
export const recentPartition = (shard: number) => `RECENT#${shard}`;
/** The sort key of the date orders: ISO instants sort as text. */
export const publicationSortKey = (publishedAt: string, adId: string) => `${publishedAt}#${adId}`;

/** A stable shard of an id (FNV-1a), so an item stays in its shard through every write. */
function stableShardOf(id: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}
const recentShardOf = (adId: string) => stableShardOf(adId, RECENT_SHARDS);

export const searchEntryIndexKeys = (publishedAt: string, adId: string) => ({
  GSI2PK: recentPartition(recentShardOf(adId)),
  GSI2SK: publicationSortKey(publishedAt, adId),
});

// The rating order (AdSort RATING_DESC): a rated ad's equipment aggregate `AD#<id>/EQUIPMENT_RATINGS`
// (functions/data/ratings.ts) is listed in GSI2 while the ad is in the search, in one of a few shards,
// by its overall average then its publication. Unrated ads follow, from the date partitions above.
export const RATED_SHARDS = 8;
export const ratedPartition = (shard: number) => `RATED#${shard}`;
/**
 * The rating order's sort key, read descending: the overall average in tenths (10..50, three digits:
 * fixed width sorts as text), then the publication sort key, so the newest comes first among equals.
 * `000` (no average can be lower than 1.0) places the unrated ads after every rated one.
 */
export const ratingSortKey = (averageTenths: number, publishedAt: string, adId: string) =>
  `${String(averageTenths).padStart(3, '0')}#${publicationSortKey(publishedAt, adId)}`;
export const UNRATED_SORT_PREFIX = '000#';
/** An equipment aggregate's GSI2 keys in the rating order: the ad's shard, by average and publication. */
export const ratedIndexKeys = (averageTenths: number, publishedAt: string, adId: string) => ({
  GSI2PK: ratedPartition(stableShardOf(adId, RATED_SHARDS)),
  GSI2SK: ratingSortKey(averageTenths, publishedAt, adId),
});

/**
 * Characters of the geohash naming a point partition (cells of about 156 × 156 km at the equator):
 * any finer cell is a `begins_with` range of one partition.
 */
export const POINT_PARTITION_PRECISION = 3;
/** Characters of the geohash naming a date or price partition (about 1,250 × 625 km: most of Quebec is one). */
export const ORDER_PARTITION_PRECISION = 2;
export const pointPartition = (scope: string, cell: string) => `PT#${scope}#${cell.slice(0, POINT_PARTITION_PRECISION)}`;
/** `geohash`: the public point's, of 9 characters (about 5 m). */
export const pointKey = (scope: string, geohash: string, adId: string) => ({
  PK: pointPartition(scope, geohash),
  SK: `${geohash}#${adId}`,
});
export type PointOrder = 'DATE' | 'PRICE';
export const orderPartition = (order: PointOrder, scope: string, cell: string) =>
  `${order === 'DATE' ? 'DT' : 'PR'}#${scope}#${cell.slice(0, ORDER_PARTITION_PRECISION)}`;
export const orderPointKey = (order: PointOrder, scope: string, geohash: string, sortKey: string) => ({
  PK: orderPartition(order, scope, geohash),
  SK: sortKey,
});
/** A scope's count item of the cell `prefix` (the empty prefix: the whole scope). */
export const cellCountKey = (scope: string, prefix: string) => ({ PK: `PTN#${scope}`, SK: prefix || '*' });
/**
 * The version of a point partition's cell (every scope's points in it): raised by each write of a point
 * there, read with the counts, so that a search process may keep the points it read until it moves.
 */
export const cellVersionKey = (cell: string) => ({ PK: `PTV#${cell.slice(0, POINT_PARTITION_PRECISION)}`, SK: '*' });

// Chat (functions/data/chat.ts). A conversation's partition holds its item, its messages (by time)
// and one marker per sent message id (a retried send finds the first); each participant has a
// membership item in their own partition, listed by last activity in GSI1.
export const CONVERSATION_PARTITION_PREFIX = 'CONV#';
export const conversationPartition = (conversationId: string) => `${CONVERSATION_PARTITION_PREFIX}${conversationId}`;
export const conversationKey = (conversationId: string) => ({ PK: conversationPartition(conversationId), SK: 'META' });
export const MESSAGE_SK_PREFIX = 'MSG#';
/** ISO instants sort as text: a conversation's messages read in time order. */
export const messageKey = (conversationId: string, createdAt: string, messageId: string) => ({
  PK: conversationPartition(conversationId),
  SK: `${MESSAGE_SK_PREFIX}${createdAt}#${messageId}`,
});
export const sentMessageMarkerKey = (conversationId: string, messageId: string) => ({
  PK: conversationPartition(conversationId),
  SK: `SENT#${messageId}`,
});
export const MEMBERSHIP_SK_PREFIX = 'CONV#';
export const membershipKey = (userId: string, conversationId: string) => ({
  PK: `USER#${userId}`,
  SK: `${MEMBERSHIP_SK_PREFIX}${conversationId}`,
});
/** GSI1: a user's conversations, latest activity first. */
export const userConversationsPartition = (userId: string) => `USER_CONVERSATIONS#${userId}`;
export const membershipIndexKeys = (userId: string, lastActivityAt: string, conversationId: string) => ({
  GSI1PK: userConversationsPartition(userId),
  GSI1SK: `${lastActivityAt}#${conversationId}`,
});
export const chatPreferencesKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'CHAT_PREFS' });

// Alerts (functions/data/alerts.ts, docs/alerts.md). An alert's item, in its owner's list (GSI1). An ACTIVE alert is also listed in the geohash
// cells its circle covers, per digest shard (a shard is one Lambda run of the weekly digest), so the
// digest reads, for each new ad's cell, only the alerts that may want it.
export const alertKey = (alertId: string) => ({ PK: `ALERT#${alertId}`, SK: 'ALERT' });
/** GSI1: a user's alerts, newest first. */
export const userAlertsPartition = (ownerId: string) => `USER_ALERTS#${ownerId}`;
export const userAlertsIndexKeys = (ownerId: string, createdAt: string, alertId: string) => ({
  GSI1PK: userAlertsPartition(ownerId),
  GSI1SK: `${createdAt}#${alertId}`,
});
/** The weekly digest's shards: each run of the digest splits its alerts into as many Lambda runs. */
export const DIGEST_SHARDS = 16;
export const alertShardOf = (alertId: string) => stableShardOf(alertId, DIGEST_SHARDS);
export const alertCellPartition = (shard: number, cell: string) => `ALERT_CELL#${shard}#${cell}`;
export const alertCellKey = (alertId: string, cell: string) => ({ PK: alertCellPartition(alertShardOf(alertId), cell), SK: alertId });
/** Up to when a digest shard has matched every new ad (the next run starts there). */
export const digestShardRunKey = (shard: number) => ({ PK: 'DIGEST_RUN', SK: `SHARD#${shard}` });

// Favourites (functions/data/favourites.ts, docs/favourites.md). One item per saved ad under its user's
// partition, in their list newest saved first (GSI1), and a count of them that holds the cap.
export const FAVOURITE_SK_PREFIX = 'FAV#';
export const favouriteKey = (userId: string, adId: string) => ({ PK: `USER#${userId}`, SK: `${FAVOURITE_SK_PREFIX}${adId}` });
export const favouriteCountKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'FAV_COUNT' });
/** GSI1: a user's favourites, newest saved first. */
export const userFavouritesPartition = (userId: string) => `USER_FAVOURITES#${userId}`;
export const userFavouritesIndexKeys = (userId: string, savedAt: string, adId: string) => ({
  GSI1PK: userFavouritesPartition(userId),
  GSI1SK: `${savedAt}#${adId}`,
});

// Payments (docs/payments.md).
/** A provider's webhook event once handled (idempotency by event id). */
export const paymentEventKey = (eventId: string) => ({ PK: `PAYMENT_EVENT#${eventId}`, SK: 'EVENT' });
/**
 * The local payment simulator's own records (what Stripe would keep): accounts, links, sessions,
 * idempotent calls, charges, refunds; `INTENT` (a payment intent's charge) and `TRANSFER` (a transfer's
 * account) find a charge or a transfer from the id a call names.
 */
export type SimulatorRecordKind = 'ACCOUNT' | 'LINK' | 'SESSION' | 'CALL' | 'CHARGE' | 'INTENT' | 'REFUND' | 'TRANSFER';
/** Every partition of the simulator's starts with it (none on AWS: functions/data/declared-access.ts). */
export const SIMULATOR_PARTITION_PREFIX = 'PAYSIM#';
export const simulatorRecordKey = (kind: SimulatorRecordKind, id: string) => ({
  PK: `${SIMULATOR_PARTITION_PREFIX}${kind}#${id}`,
  SK: kind,
});
/** A transfer the simulator made to a connected account (its dashboard lists them). */
export const simulatorTransferKey = (accountId: string, transferId: string) => ({
  PK: `${SIMULATOR_PARTITION_PREFIX}ACCOUNT#${accountId}`,
  SK: `TRANSFER#${transferId}`,
});
/** A transfer of a transfer group (`findTransfer`: Stripe's list by `transfer_group`), newest first. */
export const simulatorGroupTransferKey = (transferGroup: string, transferId: string) => ({
  PK: `${SIMULATOR_PARTITION_PREFIX}GROUP#${transferGroup}`,
  SK: `TRANSFER#${transferId}`,
});
/** The simulator's charges page lists the charges paid (newest first) and the events held back to deliver late (oldest first). */
export const SIMULATOR_CHARGES_PARTITION = `${SIMULATOR_PARTITION_PREFIX}CHARGES`;
export const simulatorChargeListingKey = (paidAt: number, chargeId: string) => ({
  PK: SIMULATOR_CHARGES_PARTITION,
  SK: `CHARGE#${paidAt}#${chargeId}`,
});
export const simulatorHeldEventKey = (created: number, eventId: string) => ({
  PK: SIMULATOR_CHARGES_PARTITION,
  SK: `HELD#${created}#${eventId}`,
});

/** A contact message held for the team's daily review (docs/contact.md), oldest first in one partition. */
export const CONTACT_HELD_PARTITION = 'CONTACT_HELD';
export const heldContactMessageKey = (heldAt: string, id: string) => ({ PK: CONTACT_HELD_PARTITION, SK: `${heldAt}#${id}` });

/** The bytes an account keeps in storage (its confirmed files), against STORAGE_QUOTA_BYTES. */
export const storageUsageKey = (userId: string) => ({ PK: `USER#${userId}`, SK: 'STORAGE' });

/**
 * Moderation (docs/moderation.md): one partition per reported item, `MODCASE#<case id>`, holding the case
 * (`CASE`), one report per reporter (`REPORT#<user id>`: one report per person and item) and the audit
 * trail (`AUDIT#<at>#<id>`). An open case is listed in GSI1 `MODQUEUE#OPEN` by its latest report.
 */
export const moderationCasePartition = (caseId: string) => `MODCASE#${caseId}`;
export const moderationCaseKey = (caseId: string) => ({ PK: moderationCasePartition(caseId), SK: 'CASE' });
export const moderationReportKey = (caseId: string, reporterId: string) => ({
  PK: moderationCasePartition(caseId),
  SK: `REPORT#${reporterId}`,
});
export const moderationAuditKey = (caseId: string, at: string, id: string) => ({
  PK: moderationCasePartition(caseId),
  SK: `AUDIT#${at}#${id}`,
});
export const OPEN_MODERATION_QUEUE = 'MODQUEUE#OPEN';
export const openModerationIndexKeys = (lastReportedAt: string, caseId: string) => ({
  GSI1PK: OPEN_MODERATION_QUEUE,
  GSI1SK: `${lastReportedAt}#${caseId}`,
});

/** A block: `blocker` no longer hears from `blocked` (BLOCK# items of the blocker's partition, listed on their settings). */
export const BLOCK_SK_PREFIX = 'BLOCK#';
export const blockKey = (blockerId: string, blockedId: string) => ({ PK: `USER#${blockerId}`, SK: `${BLOCK_SK_PREFIX}${blockedId}` });

/**
 * Privacy (functions/data/privacy.ts, docs/privacy.md). Every item of a user's own partition
 * `USER#<id>` is found by one Query on it (the export reads it, the deletion sweeps it); a data export's
 * record lives there too. The log of privacy requests is one item per request, listed newest first in GSI1.
 */
export const userPartition = (userId: string) => `USER#${userId}`;
export const DATA_EXPORT_SK_PREFIX = 'DATA_EXPORT#';
export const dataExportKey = (userId: string, exportId: string) => ({
  PK: userPartition(userId),
  SK: `${DATA_EXPORT_SK_PREFIX}${exportId}`,
});
export const privacyRequestKey = (requestId: string) => ({ PK: `PRIVACY_REQUEST#${requestId}`, SK: 'REQUEST' });
export const PRIVACY_REQUESTS_PARTITION = 'PRIVACY_REQUESTS';
export const privacyRequestIndexKeys = (at: string, requestId: string) => ({
  GSI1PK: PRIVACY_REQUESTS_PARTITION,
  GSI1SK: `${at}#${requestId}`,
});
/** A user's reputation aggregate (ratings.ts keeps it; an account's deletion removes it). */
export const reputationKey = (userId: string) => ({ PK: `REPUTATION#${userId}`, SK: 'REPUTATION' });
/** GSI2: the files a user uploaded, oldest first (their export lists them; their deletion removes their pictures). */
export const userFilesPartition = (ownerId: string) => `USER_FILES#${ownerId}`;
export const fileOwnerIndexKeys = (ownerId: string, createdAt: string, fileId: string) => ({
  GSI2PK: userFilesPartition(ownerId),
  GSI2SK: `${createdAt}#${fileId}`,
});
/** An ad's items beside the ad itself: its booking calendar (contracts.ts) and equipment sums (ratings.ts). */
export const adCalendarKey = (adId: string) => ({ PK: `AD#${adId}`, SK: 'CALENDAR' });
export const adEquipmentRatingsKey = (adId: string) => ({ PK: `AD#${adId}`, SK: 'EQUIPMENT_RATINGS' });
