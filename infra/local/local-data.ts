// One-off commands on the local data folder (DATA_DIR, default .data): DynamoDB Local on it, the
// table there, the functions' environment set; `run` imports the functions it calls only then.
// Stop `npm start` first: DynamoDB Local keeps its data folder to one process.

import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTable } from '@partage/functions/data/ensure-table';
import { localClient, startDynamoDbLocal } from './dynamodb-local';
import { setFunctionEnv } from './functions-env';
import { DEFAULT_TABLE_NAME } from './server';

export async function onLocalData(version: string, publicUrl: string, run: () => Promise<void>): Promise<void> {
  const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
  const dataDir = resolve(repoRoot, process.env.DATA_DIR ?? '.data');
  const dbDir = join(dataDir, 'dynamodb');
  await mkdir(dbDir, { recursive: true });
  const dynamo = await startDynamoDbLocal({ dataDir: dbDir });
  try {
    const client = localClient(dynamo.endpoint);
    await ensureTable(client, DEFAULT_TABLE_NAME);
    client.destroy();
    await setFunctionEnv({ dataDir, tableName: DEFAULT_TABLE_NAME, dynamoEndpoint: dynamo.endpoint, publicUrl, version });
    await run();
  } finally {
    await dynamo.stop();
  }
}
