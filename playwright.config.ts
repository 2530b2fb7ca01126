import { defineConfig } from '@playwright/test';

// End-to-end journeys in Debian's Chromium against the local stack on a fresh data folder.
// E2E_PORT lets several runs share a machine; each gets its own fresh data folder.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = `.data/e2e-${port}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Publishing a new terms version blocks every user until they accept it, so that journey runs
  // after all the others on the shared data.
  projects: [
    { name: 'journeys', testIgnore: /terms\.spec\.ts/ },
    { name: 'terms', testMatch: /terms\.spec\.ts/, dependencies: ['journeys'] },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && tsx infra/local/main.ts`,
    env: { PORT: String(port), DATA_DIR: dataDir },
    url: `${baseURL}/status`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
