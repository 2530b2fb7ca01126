import { defineConfig } from '@playwright/test';

// End-to-end journeys in Debian's Chromium against the local stack on a fresh data folder.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

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
  webServer: {
    command: 'rm -rf .data/e2e && tsx infra/local/main.ts',
    env: { PORT: String(port), DATA_DIR: '.data/e2e' },
    url: `${baseURL}/status`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
  },
});
