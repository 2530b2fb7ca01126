import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, serverPort, serverURL } from './tests/e2e/servers';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/support/chromium';

// End-to-end journeys in Debian's Chromium against the local stack. Each worker has its own local
// host and fresh data folder (tests/e2e/servers.ts; the `test` of tests/e2e/support.ts points a
// journey at its worker's host): journeys of one worker run one after the other, as they did on one
// shared host, and never meet the other worker's data.
const servers = Array.from({ length: E2E_WORKERS }, (_, index) => index);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  // Publishing a new terms version blocks every user of its host until they accept it, so that journey
  // runs after all the others, whichever host it gets.
  projects: [
    { name: 'journeys', testIgnore: /terms\.spec\.ts/ },
    { name: 'terms', testMatch: /terms\.spec\.ts/, dependencies: ['journeys'] },
  ],
  webServer: servers.map((index) => ({
    command: `rm -rf .data/e2e-${serverPort(index)} && tsx infra/local/main.ts`,
    env: { PORT: String(serverPort(index)), DATA_DIR: `.data/e2e-${serverPort(index)}` },
    url: `${serverURL(index)}/status`,
    // A first start seeds 300 demo ads with their pictures: well under a minute alone, several when
    // the 2 cores are shared with other runs.
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
  })),
});
