// One-off local commands (`npm run digest`, `backfill:transactions`, `reindex:users`, `reindex:search`): DynamoDB Local over the
// local data folder (DATA_DIR, default .data), the table ensured, the functions' environment set, then
// `run`. Stop `npm start` first: DynamoDB Local keeps its data folder to one process.

import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTable } from '@partage/functions/data/ensure-table';
import { localClient, startDynamoDbLocal } from './dynamodb-local';
import { setFunctionEnv } from './functions-env';
import { DEFAULT_TABLE_NAME } from './server';

/** Runs `run` (which imports the functions it calls: only once the environment is set) against the local data. */
export async function runOneOff(version: string, run: (publicUrl: string) => Promise<void>): Promise<void> {
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  const dataDir = resolve(repoRoot, process.env.DATA_DIR ?? '.data');
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
