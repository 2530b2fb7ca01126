// The local hosts the journeys run against: one per Playwright worker, each on its own port and fresh
// data folder, so two workers never share accounts, mailboxes or terms versions. Worker i listens on
// E2E_PORT (3100 by default) + 100 * i: runs sharing a machine pick E2E_PORTs that differ by less than 100.
export const E2E_WORKERS = 2;

const firstPort = Number(process.env.E2E_PORT ?? 3100);

export const serverPort = (workerIndex: number) => firstPort + 100 * workerIndex;
export const serverURL = (workerIndex: number) => `http://localhost:${serverPort(workerIndex)}`;
