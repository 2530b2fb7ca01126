// A fresh table on the shared DynamoDB Local for one test file; sets the environment the
// functions read (TABLE_NAME, DYNAMODB_ENDPOINT) so handlers under test use it.

import { inject } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ensureTable } from '../../functions/data/ensure-table';
import { localClient } from '../../infra/local/dynamodb-local';
import { forgetChoices } from '../../functions/adapters/chosen-once';
// Declares the `dynamoEndpoint` value that the global setup provides.
import type {} from './dynamodb-global-setup';

export async function useTestTable(): Promise<{ tableName: string; endpoint: string }> {
  const endpoint = inject('dynamoEndpoint');
  // Only the `dynamodb` project (vitest.config.ts) starts DynamoDB Local: its files end in .db.test.ts.
  if (!endpoint) throw new Error('This suite uses DynamoDB Local: name its file *.db.test.ts');
  const tableName = `test-${randomUUID()}`;
  const client = localClient(endpoint);
  await ensureTable(client, tableName);
  client.destroy();
  process.env.TABLE_NAME = tableName;
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.AWS_REGION ??= 'ca-central-1';
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  // Test files may share a worker (vitest.config.ts): what the last one's environment chose goes.
  forgetChoices();
  return { tableName, endpoint };
}
