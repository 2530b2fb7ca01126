import { defineConfig } from '@playwright/test';
import { E2E_HOSTS, E2E_WORKERS, serverPort, serverURL, TERMS_HOST, type HostOption } from './tests/e2e/servers';
import { CHROMIUM_FLAGS, JOURNEY_CHROMIUM_PATH } from './tests/support/chromium';

// End-to-end journeys in Debian's Chromium against the local stack. Each worker has its own local
// host, on its own copy of the seeded data (infra/local/seeded-data.ts: made once per run, copied in a
// second), and the `test` of tests/e2e/support.ts points a journey at its worker's host. Journeys are
// independent of each other (each makes the accounts and data it changes), so they spread over the
// workers one by one, whatever their file. The terms journeys have a host of their own (servers.ts).
const servers = Array.from({ length: E2E_HOSTS }, (_, index) => index);

export default defineConfig<HostOption>({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: E2E_WORKERS,
  retries: process.env.CI ? 1 : 0,
  // Generous: the journeys share 2 cores with vitest (tests/gate.ts), and a page that answers in 200 ms
  // alone can take seconds then. Every wait is for a state, so only a hang spends these.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: {
    // A trace costs every journey time; the retry of a failed one records it.
    trace: 'on-first-retry',
    // A laptop's width, just under the 1280 px where the search page draws its map beside the results at
    // once: there, as on tablets, the map waits for a tap. Logging in lands on that page, and drawing the
    // map in software (SwiftShader) costs a second of the 2 cores each time; the journeys about the map
    // ask for WIDE_SCREEN (tests/e2e/support.ts).
    viewport: { width: 1200, height: 720 },
    launchOptions: { executablePath: JOURNEY_CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  // Publishing a new terms version blocks every user of its host until they accept it: those journeys
  // run on a host of their own, beside the others (a worker takes them in turn, as any journey).
  projects: [
    { name: 'journeys', testIgnore: /terms\.spec\.ts/ },
    { name: 'terms', testMatch: /terms\.spec\.ts/, use: { host: TERMS_HOST } },
  ],
  webServer: servers.map((index) => ({
    command: `tsx infra/local/seeded-data.ts .data/e2e-${serverPort(index)} && tsx infra/local/main.ts`,
    env: { PORT: String(serverPort(index)), DATA_DIR: `.data/e2e-${serverPort(index)}` },
    url: `${serverURL(index)}/status`,
    // Making the seeded data, when no earlier step of the run made it: a minute alone, over five when the
    // 2 cores are shared with other runs.
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
  })),
});
