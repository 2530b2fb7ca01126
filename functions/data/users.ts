// User accounts. A user item is written together with its e-mail uniqueness item (and its word
// items, see user-directory.ts), so two accounts can never share an address, whatever the timing.

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Industry, OrganizationType, RegisteringInterest, TaxStatus, UiLanguage } from '@partage/graphql';
import { db, failedConditionIndexes, isConditionFailure, tableName, transactWrite, type TransactItem } from './client';
import { DataRefusal } from './errors';
import { emailKey, userKey } from './keys';
import { listingAttributes, userWordWrites } from './user-directory';

export type AccountRole = 'USER' | 'ADMIN';

export interface UserRecord {
  id: string;
  /** Lower case. */
  email: string;
  role: AccountRole;
  /** Absent until the person sets a password (accounts created by an administrator). */
  passwordHash?: string;
  firstName: string;
  lastName: string;
  publicName: string;
  organizationName?: string;
  organizationNEQ?: string;
  organizationType?: OrganizationType;
  organizationTypeOtherSpecification?: string;
  industry?: Industry;
  industryOtherSpecification?: string;
  /** E.164 (+1XXXXXXXXXX). */
  phoneNumber?: string;
  phoneVerified: boolean;
  showPhoneNumber?: boolean;
  showEmail?: boolean;
  address?: string;
  /** `A1A 1A1`. */
  postalCode?: string;
  contactAuthorizationNews?: boolean;
  contactAuthorizationSurveys?: boolean;
  registeringInterests?: RegisteringInterest[];
  /** The organisation's sales-tax status; absent: NOT_STATED, which collects no taxes (graphql/src/sales-taxes.ts). */
  taxStatus?: Exclude<TaxStatus, 'NOT_STATED'>;
  /** REGISTERED only, stored compact in capitals: `123456789RT0001`, `1234567890TQ0001`. */
  gstNumber?: string;
  qstNumber?: string;
  /** Language of the e-mails sent to the user. */
  language: UiLanguage;
  emailConfirmed: boolean;
  /** The new address of a pending e-mail change, until its link is followed. */
  pendingEmail?: string;
  /** An administrative lock (failed logins earn delays instead: login-failures.ts). */
  lockedOut: boolean;
  /** Failed logins counted when they still locked accounts (older accounts); cleared by allowUser. */
  failedLogins: number;
  firstLoginModalClosed: boolean;
  createdAt: string;
  /** The user's connected account at the payment provider (Stripe Express), once onboarding started. */
  paymentAccountId?: string;
  /** Where the account's onboarding stands, as last read from the provider (absent: not started). */
  paymentOnboarding?: PaymentOnboardingState;
  /** Epoch seconds of the provider's state stored in paymentOnboarding (an older event changes nothing). */
  paymentOnboardingAt?: number;
  /** True once the user stopped the e-mails reminding them to rate a rental (their one-click unsubscribe). */
  ratingRemindersStopped?: boolean;
  /** The account's deletion under way (docs/privacy.md): its request, from when; the account is locked out meanwhile. */
  deletionRequestId?: string;
  deletionStartedAt?: string;
  /** Set on what is left of a deleted account: no personal data, no address, never listed (functions/data/privacy.ts). */
  deletedAt?: string;
}

export type PaymentOnboardingState = 'INCOMPLETE' | 'COMPLETE';

const toUser = ({ PK: _pk, SK: _sk, type: _type, GSI1PK: _lp, GSI1SK: _ls, ...user }: Record<string, unknown>) =>
  user as unknown as UserRecord;

const duplicateEmail = () => new DataRefusal('EMAIL_TAKEN', 'An account already exists with this e-mail address');

/**
 * Throws DataRefusal EMAIL_TAKEN when the address (or the id) is already taken; nothing is written then.
 * `alongWith` (e.g. the terms acceptance of a sign-up) is written in the same transaction, so the
 * account never exists without it.
 */
export async function createUser(user: UserRecord, alongWith: TransactItem[] = []): Promise<void> {
  try {
    await transactWrite([
      {
        Put: {
          TableName: tableName(),
          Item: { ...userKey(user.id), type: 'User', ...listingAttributes(user), ...user },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Put: {
          TableName: tableName(),
          Item: { ...emailKey(user.email), type: 'Email', userId: user.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      ...userWordWrites(undefined, user),
      ...alongWith,
    ]);
  } catch (error) {
    if (isConditionFailure(error)) throw duplicateEmail();
    throw error;
  }
}

/** Lists a user created before the user list existed (older demo data); does nothing for the others. */
export async function listUserIfUnlisted(user: UserRecord): Promise<void> {
  const listing = listingAttributes(user);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(user.id),
        UpdateExpression: 'SET GSI1PK = :pk, GSI1SK = :sk',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI1PK)',
        ExpressionAttributeValues: { ':pk': listing.GSI1PK, ':sk': listing.GSI1SK },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

export async function getUser(userId: string): Promise<UserRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: userKey(userId) }));
  return Item && toUser(Item);
}

export async function findUserByEmail(email: string): Promise<UserRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: emailKey(email) }));
  return Item ? getUser(Item.userId as string) : undefined;
}

export type OptionalUserField = {
  [K in keyof UserRecord]-?: undefined extends UserRecord[K] ? K : never;
}[keyof UserRecord];

export interface UserChanges {
  set?: Partial<UserRecord>;
  remove?: OptionalUserField[];
}

/**
 * Applies `changes` to a user read as `before`, in one transaction: the word items follow the
 * names, organisation and address; a new address takes its uniqueness item and frees the old one
 * (DataRefusal EMAIL_TAKEN when taken); `alongWith` (a link's token being used up) commits only with it
 * (TOKEN_USED when it was used meanwhile). ITEM_GONE when the user is gone or changed address.
 */
export async function updateUser(before: UserRecord, changes: UserChanges, alongWith?: TransactItem): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes.set ?? {}).filter(([, value]) => value !== undefined));
  const remove = changes.remove ?? [];
  const after = { ...before, ...set } as UserRecord;
  for (const field of remove) delete after[field];
  const newEmail = after.email !== before.email;

  const names = [...Object.keys(set), ...remove];
  const assignments = Object.keys(set).map((name) => `#${name} = :${name}`);
  const items: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: userKey(before.id),
        UpdateExpression: [
          assignments.length ? `SET ${assignments.join(', ')}` : '',
          remove.length ? `REMOVE ${remove.map((n) => `#${n}`).join(', ')}` : '',
        ]
          .join(' ')
          .trim(),
        // The address checked by the caller is still the user's (a concurrent change would free the wrong item).
        ConditionExpression: 'attribute_exists(PK) AND #currentEmail = :currentEmail',
        ExpressionAttributeNames: { ...Object.fromEntries(names.map((name) => [`#${name}`, name])), '#currentEmail': 'email' },
        ExpressionAttributeValues: {
          ...Object.fromEntries(Object.entries(set).map(([name, value]) => [`:${name}`, value])),
          ':currentEmail': before.email,
        },
      },
    },
  ];
  const emailItem = items.length;
  if (newEmail) {
    items.push(
      {
        Put: {
          TableName: tableName(),
          Item: { ...emailKey(after.email), type: 'Email', userId: before.id },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      { Delete: { TableName: tableName(), Key: emailKey(before.email) } },
    );
  }
  items.push(...userWordWrites(before, after));
  const tokenItem = items.length;
  if (alongWith) items.push(alongWith);

  try {
    await transactWrite(items);
  } catch (error) {
    const failed = failedConditionIndexes(error);
    if (newEmail && failed.includes(emailItem)) throw duplicateEmail();
    if (alongWith && failed.includes(tokenItem)) throw new DataRefusal('TOKEN_USED', 'The token was used meanwhile');
    if (failed.includes(0)) throw new DataRefusal('ITEM_GONE', 'User not found');
    throw error;
  }
}

/** An administrative lock: login, refresh and the session's access tokens are refused until allowUser. */
export async function lockOutUser(userId: string): Promise<void> {
  await setUserAttributes(userId, { lockedOut: true });
}

/** False when the user does not exist. */
export async function setFirstLoginModalClosed(userId: string, firstLoginModalClosed: boolean): Promise<boolean> {
  try {
    await setUserAttributes(userId, { firstLoginModalClosed });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** No more rating reminders to the user; false when the user does not exist. */
export async function stopRatingReminders(userId: string): Promise<boolean> {
  try {
    await setUserAttributes(userId, { ratingRemindersStopped: true });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Replaces the hash only if it is still `expectedHash`, so a concurrent change is not overwritten. */
export async function replacePasswordHash(userId: string, expectedHash: string, passwordHash: string): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET passwordHash = :new',
        ConditionExpression: 'passwordHash = :expected',
        ExpressionAttributeValues: { ':new': passwordHash, ':expected': expectedHash },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function setUserAttributes(userId: string, changes: Partial<UserRecord>): Promise<void> {
  const names = Object.keys(changes);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: `SET ${names.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#f${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, changes[name as keyof UserRecord]])),
    }),
  );
}

/**
 * Links the user to their connected account, once: returns the account id the user has after the
 * call (another one when a concurrent call linked it first). ITEM_GONE when the user does not exist.
 */
export async function linkPaymentAccount(userId: string, accountId: string): Promise<string> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(userId),
        UpdateExpression: 'SET paymentAccountId = :account, paymentOnboarding = if_not_exists(paymentOnboarding, :incomplete)',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(paymentAccountId)',
        ExpressionAttributeValues: { ':account': accountId, ':incomplete': 'INCOMPLETE' },
      }),
    );
    return accountId;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const user = await getUser(userId);
    if (!user?.paymentAccountId) throw new DataRefusal('ITEM_GONE', 'User not found');
    return user.paymentAccountId;
  }
}

/**
 * Stores the onboarding state read from the provider at `at` (epoch seconds), if the user still has
 * that account and nothing newer was stored: events may arrive out of order. False when refused.
 * A webhook's event `claim` is written in the same transaction: EVENT_CLAIMED (before any other
 * refusal) when another delivery of the event won it; refused, the change leaves no claim behind.
 */
export async function recordPaymentOnboarding(
  userId: string,
  accountId: string,
  state: PaymentOnboardingState,
  at: number,
  claim?: TransactItem,
): Promise<boolean> {
  const update: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: 'SET paymentOnboarding = :state, paymentOnboardingAt = :at',
      ConditionExpression: 'paymentAccountId = :account AND (attribute_not_exists(paymentOnboardingAt) OR paymentOnboardingAt <= :at)',
      ExpressionAttributeValues: { ':state': state, ':at': at, ':account': accountId },
    },
  };
  try {
    await (claim ? transactWrite([update, claim]) : db().send(new UpdateCommand(update.Update!)));
    return true;
  } catch (error) {
    if (failedConditionIndexes(error).includes(1)) throw new DataRefusal('EVENT_CLAIMED', 'The event was handled meanwhile');
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
