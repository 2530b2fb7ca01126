// One-off local commands (`npm run digest`, `backfill:transactions`, `reindex:users`, `reindex:search`): DynamoDB Local over the
// local data folder (DATA_DIR, default .data), the table ensured, the functions' environment set, then
// `run`. Stop `npm start` first: DynamoDB Local keeps its data folder to one process.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureTable } from '@partage/functions/data/ensure-table';
import { dataDirFromEnv, localUrl, portFromEnv } from './data-folder';
import { localClient, startDynamoDbLocal } from './dynamodb-local';
import { setFunctionEnv } from './functions-env';
import { DEFAULT_TABLE_NAME } from './server';

/** Runs `run` (which imports the functions it calls: only once the environment is set) against the local data. */
export async function runOneOff(version: string, run: (publicUrl: string) => Promise<void>): Promise<void> {
  const dataDir = dataDirFromEnv();
  const dbDir = join(dataDir, 'dynamodb');
  await mkdir(dbDir, { recursive: true });
  const dynamo = await startDynamoDbLocal({ dataDir: dbDir });
  try {
    const client = localClient(dynamo.endpoint);
    await ensureTable(client, DEFAULT_TABLE_NAME);
    client.destroy();
    const publicUrl = localUrl(portFromEnv());
    await setFunctionEnv({ dataDir, tableName: DEFAULT_TABLE_NAME, dynamoEndpoint: dynamo.endpoint, publicUrl, version });
    await run(publicUrl);
  } finally {
    await dynamo.stop();
  }
}
