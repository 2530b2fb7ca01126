import { defineConfig } from 'vitest/config';

// One run, four projects. Projects that talk to DynamoDB share one DynamoDB Local started by
// tests/support/dynamodb-global-setup.ts; each test file makes its own table.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'graphql', root: 'graphql', environment: 'node' } },
      {
        test: {
          name: 'functions',
          root: 'functions',
          environment: 'node',
          globalSetup: ['../tests/support/dynamodb-global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          root: '.',
          include: ['infra/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'web/vitest.config.ts',
      { test: { name: 'web-scripts', root: 'web', include: ['scripts/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
