// The local hosts the journeys run against: one per Playwright worker, each on its own port and fresh
// data folder, so two workers never share accounts, mailboxes or terms versions, and one more for the
// terms journeys (publishing a new version blocks every user of its host until they accept it). Host i
// listens on E2E_PORT (3100 by default) + 100 * i: runs sharing a machine pick E2E_PORTs at least 300 apart.
import type { TestInfo } from '@playwright/test';

export const E2E_WORKERS = 2;

/** The terms journeys' own host, after the workers'. */
export const TERMS_HOST = E2E_WORKERS;
export const E2E_HOSTS = E2E_WORKERS + 1;

/** A project's choice of host (playwright.config.ts); without one, a journey uses its worker's. */
export interface HostOption {
  host?: number;
}

export const hostOf = (testInfo: TestInfo) => (testInfo.project.use as HostOption).host ?? testInfo.parallelIndex;

const firstPort = Number(process.env.E2E_PORT ?? 3100);

export const serverPort = (host: number) => firstPort + 100 * host;
export const serverURL = (host: number) => `http://localhost:${serverPort(host)}`;
