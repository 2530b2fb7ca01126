// The one-off local commands (`npm run digest`, `npm run reindex:users`): DynamoDB Local on the data
// folder (DATA_DIR, default .data), the functions' environment set, `run` called, DynamoDB Local
// stopped. Stop `npm start` first: DynamoDB Local keeps its data folder to one process.

import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTable } from '@partage/functions/data/ensure-table';
import { localClient, startDynamoDbLocal } from './dynamodb-local';
import { setFunctionEnv } from './functions-env';
import { DEFAULT_TABLE_NAME } from './server';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs `run` against the local data; `publicUrl` is the host's address its links and messages name. */
export async function runOneOff(version: string, run: (publicUrl: string) => Promise<void>): Promise<void> {
  const dataDir = resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data');
  const dbDir = join(dataDir, 'dynamodb');
  await mkdir(dbDir, { recursive: true });
  const dynamo = await startDynamoDbLocal({ dataDir: dbDir });
  try {
    const client = localClient(dynamo.endpoint);
    await ensureTable(client, DEFAULT_TABLE_NAME);
    client.destroy();
    const publicUrl = `http://localhost:${process.env.PORT ?? 3000}`;
    await setFunctionEnv({ dataDir, tableName: DEFAULT_TABLE_NAME, dynamoEndpoint: dynamo.endpoint, publicUrl, version });
    await run(publicUrl);
  } finally {
    await dynamo.stop();
  }
}
