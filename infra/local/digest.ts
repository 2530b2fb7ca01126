// `npm run digest`: the weekly alert digest once, now, against the local data folder (DATA_DIR,
// default .data), every shard in this process; the e-mails land in the dev mailbox. Stop `npm start`
// first: DynamoDB Local keeps its data folder to one process. (With the host running, /_dev/schedules
// runs the `alert-digest` job instead: its shard jobs follow a minute later.)

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
  const publicUrl = `http://localhost:${process.env.PORT ?? 3000}`;
  await setFunctionEnv({ dataDir, tableName: DEFAULT_TABLE_NAME, dynamoEndpoint: dynamo.endpoint, publicUrl, version: 'digest' });
  // Imported once the functions' environment is set.
  const { runDigestNow } = await import('@partage/functions/domain/alerts/digest');
  const { now } = await import('@partage/functions/domain/clock');
  const { sent } = await runDigestNow(now().toISOString());
  console.log(`Weekly digest: ${sent} e-mail(s) sent (see ${publicUrl}/_dev/outbox once the host runs).`);
} finally {
  await dynamo.stop();
}
