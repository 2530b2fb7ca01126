// Vitest global setup: one DynamoDB Local (in memory) for the whole test run, shared by every
// project that lists this file. Each test file then creates its own table (see ./test-table.ts).

import { startDynamoDbLocal, type DynamoDbLocal } from '../../infra/local/dynamodb-local';
import type { TestProject } from 'vitest/node';

const shared = globalThis as { __dynamo?: Promise<DynamoDbLocal>; __dynamoUsers?: number };

export default async function setup(project: TestProject) {
  shared.__dynamo ??= startDynamoDbLocal();
  shared.__dynamoUsers = (shared.__dynamoUsers ?? 0) + 1;
  const dynamo = await shared.__dynamo;
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return async () => {
    shared.__dynamoUsers = (shared.__dynamoUsers ?? 1) - 1;
    if (shared.__dynamoUsers === 0) await dynamo.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}
