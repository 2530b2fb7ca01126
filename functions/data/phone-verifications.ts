// Where a user's phone verification stands (at most one per user): the number the last code went
// to, when, and until when it is valid. Kept by the domain on both hosts, whatever verifier sends the
// code, so "wait 30 s", "expired" and "no verification" are told apart the same way everywhere.

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { failedConditionIndexes, db, isConditionFailure, tableName, transactWrite } from './client';
import { phoneVerificationKey, userKey } from './keys';

export interface PhoneVerificationRecord {
  /** E.164, as the profile had it when the code was sent. */
  phoneNumber: string;
  sentAt: string;
  expiresAt: string;
}

/** Kept a day past its expiry, so a late check still answers "expired" rather than "no verification". */
const KEPT_AFTER_EXPIRY_SECONDS = 24 * 3600;

export async function getPhoneVerification(userId: string): Promise<PhoneVerificationRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: phoneVerificationKey(userId), ConsistentRead: true }));
  if (!Item) return undefined;
  const { phoneNumber, sentAt, expiresAt } = Item as PhoneVerificationRecord;
  return { phoneNumber, sentAt, expiresAt };
}

/**
 * Records a new code unless the last one was sent after `lastSentBefore` (ISO instant): false then,
 * and nothing is written. Two requests racing within the interval cannot both send.
 */
export async function claimPhoneVerification(userId: string, record: PhoneVerificationRecord, lastSentBefore: string): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...phoneVerificationKey(userId),
          type: 'PhoneVerification',
          ...record,
          ttl: Math.floor(new Date(record.expiresAt).getTime() / 1000) + KEPT_AFTER_EXPIRY_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(PK) OR sentAt <= :cutoff',
        ExpressionAttributeValues: { ':cutoff': lastSentBefore },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Puts back what a claim replaced (the verifier refused to send), if the claim is still there. */
export async function releasePhoneVerification(
  userId: string,
  claimed: PhoneVerificationRecord,
  previous?: PhoneVerificationRecord,
): Promise<void> {
  const key = phoneVerificationKey(userId);
  const condition = { ConditionExpression: 'sentAt = :sentAt', ExpressionAttributeValues: { ':sentAt': claimed.sentAt } };
  try {
    if (previous) {
      const ttl = Math.floor(new Date(previous.expiresAt).getTime() / 1000) + KEPT_AFTER_EXPIRY_SECONDS;
      await db().send(
        new PutCommand({ TableName: tableName(), Item: { ...key, type: 'PhoneVerification', ...previous, ttl }, ...condition }),
      );
    } else {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: key, ...condition }));
    }
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * Marks the user's phone verified and ends the verification, in one transaction, only if the
 * profile's number is still `phoneNumber`: false (nothing written) when it changed meanwhile.
 */
export async function completePhoneVerification(userId: string, phoneNumber: string): Promise<boolean> {
  try {
    await transactWrite([
      {
        Update: {
          TableName: tableName(),
          Key: userKey(userId),
          UpdateExpression: 'SET phoneVerified = :true',
          ConditionExpression: 'phoneNumber = :phoneNumber',
          ExpressionAttributeValues: { ':true': true, ':phoneNumber': phoneNumber },
        },
      },
      { Delete: { TableName: tableName(), Key: phoneVerificationKey(userId) } },
    ]);
    return true;
  } catch (error) {
    if (failedConditionIndexes(error).includes(0)) return false;
    throw error;
  }
}
