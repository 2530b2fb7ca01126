// The DynamoDB document client, built on first use and then kept for the life of the Lambda
// container. Built lazily rather than at import so the hosts (and tests) can set the environment
// before the first call.

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requireEnv } from '../adapters/env';

let client: DynamoDBDocumentClient | undefined;

export function db(): DynamoDBDocumentClient {
  client ??= DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT || undefined }), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return client;
}

export const tableName = (): string => requireEnv('TABLE_NAME');

/** True when a conditional write was refused, alone or inside a transaction. */
export function isConditionFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ConditionalCheckFailedException') return true;
  const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
  return error.name === 'TransactionCanceledException' && !!reasons?.some((r) => r.Code === 'ConditionalCheckFailed');
}
