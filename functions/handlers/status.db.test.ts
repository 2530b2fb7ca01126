import { beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../data/client';
import { systemStatusKey } from '../data/keys';
import { httpEvent, useTestEnvironment } from '../testing/fixtures';
import { captureLogLines } from '../testing/log-lines';
import { handler } from './status';

beforeAll(async () => {
  await useTestEnvironment();
  process.env.APP_VERSION = '1.2.3';
});

const status = async () => {
  const response = await handler(httpEvent('GET', '/status'));
  expect(response.statusCode).toBe(200);
  return JSON.parse(response.body!) as { ready: boolean; version: string };
};
const setMaintenance = (maintenance: boolean) =>
  db().send(new PutCommand({ TableName: tableName(), Item: { ...systemStatusKey(), maintenance } }));

describe('GET /status', () => {
  it('is ready with the deployed version when the table answers', async () => {
    expect(await status()).toEqual({ ready: true, version: '1.2.3' });
  });

  it('is not ready during maintenance, and ready again after', async () => {
    await setMaintenance(true);
    expect((await status()).ready).toBe(false);
    await setMaintenance(false);
    expect((await status()).ready).toBe(true);
  });

  it('is not ready when the table cannot be read', async () => {
    const table = process.env.TABLE_NAME;
    const logged = captureLogLines();
    process.env.TABLE_NAME = 'no-such-table';
    try {
      expect(await status()).toEqual({ ready: false, version: '1.2.3' });
      expect(logged.entries().filter((entry) => entry.level === 'ERROR')).toEqual([
        expect.objectContaining({ message: 'status check failed', handler: 'status' }),
      ]);
    } finally {
      process.env.TABLE_NAME = table;
      logged.restore();
    }
  });
});
