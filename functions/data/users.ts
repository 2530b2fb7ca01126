// User accounts. A user item is written together with its e-mail uniqueness item, so two accounts
// can never share an address, whatever the timing.

import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError, type UiLanguage } from '@partage/graphql';
import { db, isConditionFailure, tableName } from './client';
import { emailKey, userKey } from './keys';

export type AccountRole = 'USER' | 'ADMIN';

export interface UserRecord {
  id: string;
  email: string;
  role: AccountRole;
  passwordHash: string;
  firstName: string;
  lastName: string;
  publicName: string;
  organizationName?: string;
  /** Language of the e-mails sent to the user. */
  language: UiLanguage;
  emailConfirmed: boolean;
  phoneNumber?: string;
  phoneVerified: boolean;
  lockedOut: boolean;
  /** Consecutive failed logins; reset by a successful one. */
  failedLogins: number;
  firstLoginModalClosed: boolean;
  createdAt: string;
}

const toUser = ({ PK: _pk, SK: _sk, type: _type, ...user }: Record<string, unknown>) => user as unknown as UserRecord;

/** Throws DUPLICATE_EMAIL when the address (or the id) is already taken; nothing is written then. */
export async function createUser(user: UserRecord): Promise<void> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { ...userKey(user.id), type: 'User', ...user },
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
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('DUPLICATE_EMAIL', 'An account already exists with this e-mail address');
    throw error;
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

/** Adds one failed login atomically (concurrent attempts all count) and returns the new count. */
export async function incrementFailedLogins(userId: string): Promise<number> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: 'ADD failedLogins :one',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Attributes?.failedLogins as number;
}

export async function lockOutUser(userId: string): Promise<void> {
  await updateUser(userId, { lockedOut: true });
}

export async function resetFailedLogins(userId: string): Promise<void> {
  await updateUser(userId, { failedLogins: 0 });
}

/** False when the user does not exist. */
export async function setFirstLoginModalClosed(userId: string, firstLoginModalClosed: boolean): Promise<boolean> {
  try {
    await updateUser(userId, { firstLoginModalClosed });
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

async function updateUser(userId: string, changes: Partial<UserRecord>): Promise<void> {
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
