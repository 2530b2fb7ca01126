import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useTestEnvironment } from '../testing/fixtures';

beforeAll(async () => {
  await useTestEnvironment();
});

describe('the DynamoDB client', () => {
  it('leaves the console quiet when a condition refuses a write: the caller handles that answer', async () => {
    // Given the console watched from before the client's module is loaded (it may keep its methods).
    const watched = (['log', 'info', 'warn', 'error'] as const).map((method) => vi.spyOn(console, method).mockImplementation(() => {}));
    try {
      vi.resetModules();
      const { db, isConditionFailure, tableName } = await import('./client');
      // And an item, and a write that requires it to be absent.
      const key = { PK: `CLIENT_TEST#${randomUUID()}`, SK: 'ITEM' };
      await db().send(new PutCommand({ TableName: tableName(), Item: key }));
      // When that write is refused: then the caller gets the refusal, and nothing is written to the console.
      const refusal = await db()
        .send(new PutCommand({ TableName: tableName(), Item: key, ConditionExpression: 'attribute_not_exists(PK)' }))
        .catch((error: unknown) => error);
      expect(isConditionFailure(refusal)).toBe(true);
      for (const spy of watched) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of watched) spy.mockRestore();
    }
  });
});
