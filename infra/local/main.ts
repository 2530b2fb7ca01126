// `npm start`: the whole product on http://localhost:<PORT> without AWS (with --build-web: the web app
// built beside the start unless web/dist is current, web-build.ts). Reads PORT (3000),
// HOST (127.0.0.1), DATA_DIR (default .data; a relative path is taken from the repository root) and
// ALLOWED_HOSTS (other host names the browser may use, comma-separated; loopback names always work).
// A first start begins from today's seeded data when `npm install` made it (prepare-demo-data.ts).
// Ctrl-C stops everything it started.

import { dataDirFromEnv, localUrl, portFromEnv } from './data-folder';
import { DEV_OUTBOX_PATH } from './dev-outbox';
import { allowedHostsFromEnv } from './host-check';
import { DEV_SCHEDULES_PATH } from './dev-schedules';
import { adoptSeededData } from './seeded-data';
import { createLocalServer, PortInUseError, type LocalServer } from './server';
import { buildWebUnlessCurrent } from './web-build';

const port = portFromEnv();
const dataDir = dataDirFromEnv();

async function start(): Promise<LocalServer> {
  console.log(`Starting the local host (data in ${dataDir})…`);
  try {
    if (await adoptSeededData(dataDir, localUrl(port))) console.log('Demo data: the copy npm install prepared today.');
    return await createLocalServer({
      port,
      host: process.env.HOST,
      dataDir,
      allowedHosts: allowedHostsFromEnv(process.env.ALLOWED_HOSTS),
      // `npm start` builds the web app beside the start; `npm run dev:server` serves the API to Vite's dev server.
      ...(process.argv.includes('--build-web') && { buildWeb: buildWebUnlessCurrent }),
    });
  } catch (error) {
    if (error instanceof PortInUseError) {
      console.error(
        `Port ${port} is already in use: is the app already running (npm start)? Stop it, or choose another port: PORT=3001 npm start`,
      );
    } else {
      console.error('The local host could not start:', error);
    }
    process.exit(1);
  }
}

let server: LocalServer | undefined = undefined;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    // During startup, or on a second Ctrl-C, exit at once: DynamoDB Local is killed on exit (dynamodb-local.ts).
    if (stopping || !server) process.exit(1);
    stopping = true;
    console.log('\nStopping…');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

server = await start();
// Imported once the server has set the functions' environment.
const { DEMO_OWNER_EMAIL, DEMO_PASSWORD, DEMO_USERS } = await import('@partage/functions/domain/accounts/demo-seed');
const describe = (user: (typeof DEMO_USERS)[number]) =>
  user.role === 'ADMIN'
    ? 'administrator; its 2FA login code arrives in the dev mailbox'
    : `user${user.phoneVerified ? ' with a verified phone' : ''}${user.email === DEMO_OWNER_EMAIL ? ', onboarded for payments' : ''}${user.organizationName ? ` (${user.organizationName})` : ''}`;
console.log(`
Partage is running at ${server.url}

Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_USERS.map((user) => `  ${user.email.padEnd(26)} ${describe(user)}`).join('\n')}

Dev mailbox (e-mails and SMS codes): ${server.url}${DEV_OUTBOX_PATH}
Dev schedules (run scheduled jobs now): ${server.url}${DEV_SCHEDULES_PATH}
Payments: a local simulator stands in for Stripe (onboarding from ${server.url}/paiements, docs/payments.md)
Press Ctrl-C to stop.`);
