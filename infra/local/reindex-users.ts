// `npm run reindex:users`: writes every account's word items (the administrators' user search) from
// the user items, once, against the local data folder (DATA_DIR, default .data), and removes the
// per-field search entries of the older version. Idempotent. Stop `npm start` first: DynamoDB Local
// keeps its data folder to one process. On AWS, run the same `reindexAllUserWords` with the stack's
// TABLE_NAME in the environment.

import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureTable } from '@partage/functions/data/ensure-table';
import { localClient, startDynamoDbLocal } from './dynamodb-local';
import { setFunctionEnv } from './functions-env';
import { DEFAULT_TABLE_NAME } from './server';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data');
const dbDir = join(dataDir, 'dynamodb');
await mkdir(dbDir, { recursive: true });
const dynamo = await startDynamoDbLocal({ dataDir: dbDir });
try {
  const client = localClient(dynamo.endpoint);
  await ensureTable(client, DEFAULT_TABLE_NAME);
  client.destroy();
  await setFunctionEnv({
    dataDir,
    tableName: DEFAULT_TABLE_NAME,
    dynamoEndpoint: dynamo.endpoint,
    publicUrl: `http://localhost:${process.env.PORT ?? 3000}`,
    version: 'reindex-users',
  });
  // Imported once the functions' environment is set.
  const { reindexAllUserWords } = await import('@partage/functions/data/user-directory');
  console.log(`User search: ${await reindexAllUserWords()} account(s) indexed.`);
} finally {
  await dynamo.stop();
}
