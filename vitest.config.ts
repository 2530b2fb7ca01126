import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run, in tiers (docs/testing.md):
// - `unit`: pure tests (domain rules, validation, adapters against loopback fakes, local-host pieces) in
//   threads sharing their modules between files: no per-file start-up cost.
// - `web`: the React components in jsdom (web/vitest.config.ts), threads too.
// - `dynamodb`: every `*.db.test.ts`, against the one DynamoDB Local of tests/support/dynamodb-global-setup.ts,
//   each file with a table, an outbox and secrets of its own, several files at once: they wait on DynamoDB
//   Local more than they compute. The files of a worker share its process and modules, so the app and the
//   SDK load once per worker instead of once per file (most of the project's CPU once); the environment a
//   file sets replaces the last one's, and every adapter chosen from it is chosen again
//   (functions/adapters/chosen-once.ts, called by useTestTable and the local host).
// - `own-process`: suites that need a process to themselves: the CDK stack, synthesised once
//   (infra/aws/stack.test.ts; its bundling hands the process's own streams to esbuild), and the memory
//   measurement of a 100 MB upload.
const DYNAMODB_SUITES = '**/*.db.test.ts';
const OWN_PROCESS_SUITES = ['infra/aws/**/*.test.ts', 'infra/local/local-file-routes.test.ts'];
const cores = availableParallelism();

export default defineConfig({
  test: {
    // Files of every project share one pool of workers: one more than the cores keeps them busy while
    // some files wait on DynamoDB Local or on a local server.
    maxWorkers: cores + 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'graphql/**/*.test.ts',
            'functions/**/*.test.ts',
            'infra/**/*.test.ts',
            'web/scripts/**/*.test.ts',
            'tests/bench/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', DYNAMODB_SUITES, ...OWN_PROCESS_SUITES],
          environment: 'node',
          pool: 'threads',
          isolate: false,
        },
      },
      'web/vitest.config.ts',
      {
        test: {
          name: 'dynamodb',
          include: [DYNAMODB_SUITES],
          exclude: ['**/node_modules/**'],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          globalSetup: ['tests/support/dynamodb-global-setup.ts'],
          // Each handler's table requests checked against its declared access (functions/handlers/access.ts).
          setupFiles: ['tests/support/declared-access-setup.ts'],
          // The built server renderer (6 MB, already JavaScript for Node: handlers/seo.ts) loads as Node loads
          // it, not through Vite's transform (15 s of a worker).
          server: { deps: { external: [/[\\/]web[\\/]dist-server[\\/]/] } },
          // Generous: a suite waits on DynamoDB Local, which shares the cores with the other workers;
          // only a hang should fail on time.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'own-process',
          include: OWN_PROCESS_SUITES,
          environment: 'node',
          pool: 'forks',
          testTimeout: 120_000,
          // The stack's synthesis bundles every Lambda: a minute alone, over five on cores shared with
          // other runs. Only a hang should fail on time.
          hookTimeout: 900_000,
        },
      },
    ],
  },
});
