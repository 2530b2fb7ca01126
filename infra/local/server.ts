// The local host on one origin: the web app, /config.json, AppSync's HTTP and real-time endpoints,
// the HTTP API routes, the dev mailbox and the payment simulator's pages, over DynamoDB Local. It
// takes its port before anything else, so a second instance fails fast without touching the first
// one's data.

import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { registerLocalEventSink } from '@partage/functions/adapters/local-publisher';
import { ensureTable } from '@partage/functions/data/ensure-table';
import { createAppSyncHttpHandler } from './appsync-http';
import { createAppSyncRealtime, REALTIME_PATH, type RealtimeLimits } from './appsync-realtime';
import { buildAppSyncSchema } from './appsync-schema';
import { createDevPayments, DEV_PAYMENTS_PATHS } from './dev-payments';
import { createDevOutbox, DEV_OUTBOX_JSON_PATH, DEV_OUTBOX_MESSAGE_PATH, DEV_OUTBOX_PATH } from './dev-outbox';
import { createDevSchedules, DEV_SCHEDULES_PATH, DEV_SCHEDULES_RUN_DUE_PATH, DEV_SCHEDULES_RUN_PATH } from './dev-schedules';
import { localClient, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';
import { LOCAL_REGION, setFunctionEnv } from './functions-env';
import { sameOriginOnly } from './same-origin';
import { createHostCheck } from './host-check';
import { BodyTooLargeError, sendJson, sendText } from './http-io';
import { createHttpRouteHandler, routePathMatches } from './http-routes';
import { loadLambdaFunctions } from './lambda-functions';
import { createRateLimiter, LOCAL_RATE_LIMITS, rateLimited, type RateLimit } from './rate-limiter';
import { createLocalFileRoutes } from './local-file-routes';
import { DEFAULT_PORT, DYNAMODB_FILE, holdsData, localUrl, placeDatabase } from './data-folder';
import { createLocalScheduler, type LocalScheduler } from './local-scheduler';
import { createStaticFiles } from './static-files';
import { localSecurityHeaders } from '../shared/security-headers';
import { localSiteSettings } from '../shared/site-settings';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_TABLE_NAME = 'partage-local';

/**
 * Where a first start seeds. DynamoDB Local syncs every write to its file on disk, and the seed writes
 * ~14,000 items: 2 to 10 times slower than in memory (measured on a 2-core machine). So the seed goes
 * to a scratch DynamoDB Local in memory-backed storage (/dev/shm where there is one), whose file is
 * copied into the data folder once complete: an interrupted first start leaves no half-seeded data.
 */
async function seedingDir(): Promise<string> {
  return (await stat('/dev/shm').then(
    (info) => info.isDirectory(),
    () => false,
  ))
    ? '/dev/shm'
    : tmpdir();
}

export interface LocalServerOptions {
  /** Default DEFAULT_PORT (3000); 0 picks a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1 (the demo accounts stay off the network). */
  host?: string;
  /** Where the local host keeps its state: dynamodb/, outbox/, jwt-secret. */
  dataDir: string;
  /** The built SPA; default web/dist. */
  webDir?: string;
  /**
   * Builds the SPA beside the start (`npm start`: web-build.ts), once the port is taken: the host
   * serves once it is done too, and a failed build fails the start.
   */
  buildWeb?: () => Promise<void>;
  /** A DynamoDB (Local) that is already running; without it, DynamoDB Local is started on dataDir/dynamodb. */
  dynamoEndpoint?: string;
  /** Default `partage-local`; created when missing. */
  tableName?: string;
  /** Seed the demo data (idempotent); default true. */
  seed?: boolean;
  /** With the seed, the demo ads too (about 300, with pictures: a few seconds the first time); default true. */
  demoAds?: boolean;
  /**
   * The site's address the functions write into links (e-mails, PUBLIC_URL); default this host's own,
   * http://localhost:<port>. The seeded data is made on a free port for `npm start`'s address.
   */
  publicUrl?: string;
  /** Host names besides localhost, 127.0.0.1 and [::1] (with the port) that requests may name (ALLOWED_HOSTS). */
  allowedHosts?: string[];
  /** Requests per source address on /graphql and on the HTTP API routes; default LOCAL_RATE_LIMITS. */
  rateLimits?: { graphql: RateLimit; http: RateLimit };
  /** Caps of the real-time endpoint; default REALTIME_LIMITS (appsync-realtime.ts). */
  realtimeLimits?: RealtimeLimits;
  /**
   * The scheduler's own passes every 15 s; default true. A test that moves the clock and runs the due
   * jobs from the dev schedules page turns them off, or a pass may run them first on busy cores.
   */
  schedulerPasses?: boolean;
}

export interface LocalServer {
  /** http://localhost:<port> */
  url: string;
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(readonly port: number) {
    super(`Port ${port} is already in use`);
  }
}

type RouteHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

async function appVersion(): Promise<string> {
  const { version } = JSON.parse(await readFile(join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return version ?? '0.0.0';
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new PortInUseError(port) : error));
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * Starts the local host. The functions keep what they read from process.env (clients, secrets) for
 * the life of the process, so there is one local server per process, as one Lambda per container.
 */
export async function createLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  let handle: RouteHandler | undefined;
  let upgrade: ((request: IncomingMessage, socket: Duplex, head: Buffer) => void) | undefined;
  // Requests that arrive while DynamoDB Local starts wait for it.
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let port = 0;
  const hostAllowed = createHostCheck(() => port, options.allowedHosts);
  const { analyticsId, errorReportingDsn, ...site } = localSiteSettings();
  const telemetry = { ...(analyticsId ? { analyticsId } : {}), ...(errorReportingDsn ? { errorReportingDsn } : {}) };

  const server = createServer((request, response) => {
    // CloudFront's headers on every answer; connect-src names the real-time socket of the page's host,
    // and the policy opens the origins of the configured telemetry only.
    const connectSources = hostAllowed(request.headers.host) ? [`ws://${request.headers.host}`] : [];
    for (const [name, value] of Object.entries(localSecurityHeaders({ connectSources, telemetry }))) response.setHeader(name, value);
    if (!hostAllowed(request.headers.host))
      return sendText(response, 421, 'Misdirected request: this server does not answer to that Host.');
    ready
      .then(() => handle!(request, response))
      .catch((error: unknown) => {
        if (response.headersSent) return response.destroy();
        if (error instanceof BodyTooLargeError)
          return sendJson(response, 413, { code: 'VALIDATION_FAILED', message: error.message }, { connection: 'close' });
        console.error(`[local] ${request.method} ${request.url} failed`, error);
        sendJson(response, 500, { message: 'Internal Server Error' });
      });
  });
  // Node closes a connection idle for 5 s; a client that sends its next request on it just then (a
  // browser, Playwright's route.fetch, on busy cores) gets ECONNRESET. Idle connections live longer than
  // the clients' own limits instead, as behind a load balancer (its 60 s).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('upgrade', (request, socket, head) => {
    if (!hostAllowed(request.headers.host)) return socket.end('HTTP/1.1 421 Misdirected Request\r\nconnection: close\r\n\r\n');
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== REALTIME_PATH) return socket.destroy();
    void ready.then(() => upgrade!(request, socket, head));
  });

  port = await listen(server, options.port ?? DEFAULT_PORT, options.host ?? '127.0.0.1');
  const webBuilt = options.buildWeb?.();
  // Awaited once the rest is ready; a failure before then is not left unhandled.
  webBuilt?.catch(() => {});
  const url = localUrl(port);
  let dynamo: DynamoDbLocal | undefined;
  /** A first start's seeding DynamoDB Local, and its folder (until its file is in the data folder). */
  let scratch: DynamoDbLocal | undefined;
  let scratchDir: string | undefined;
  // Also when the process exits at once (Ctrl-C during the start): /dev/shm keeps what is left until a reboot.
  const removeScratch = () => scratchDir && rmSync(scratchDir, { recursive: true, force: true });
  let closeRealtime = () => {};
  let scheduler: LocalScheduler | undefined;
  const close = async () => {
    await scheduler?.stop();
    closeRealtime();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await Promise.all([dynamo?.stop(), scratch?.stop()]);
    removeScratch();
  };

  try {
    await mkdir(options.dataDir, { recursive: true });
    const tableName = options.tableName ?? DEFAULT_TABLE_NAME;
    const seed = options.seed ?? true;
    if (!options.dynamoEndpoint) {
      const dbDir = join(options.dataDir, 'dynamodb');
      await mkdir(dbDir, { recursive: true });
      if (seed && !(await holdsData(options.dataDir))) {
        // A first start: the seed goes to a scratch DynamoDB Local (seedingDir) while this one starts untouched.
        scratchDir = await mkdtemp(join(await seedingDir(), 'partage-seed-'));
        process.once('exit', removeScratch);
        await Promise.all([
          startDynamoDbLocal({ dataDir: dbDir, untouched: true }).then((started) => (dynamo = started)),
          startDynamoDbLocal({ dataDir: scratchDir, shortRun: true }).then((started) => (scratch = started)),
        ]);
      } else dynamo = await startDynamoDbLocal({ dataDir: dbDir });
    }
    const dynamoEndpoint = options.dynamoEndpoint ?? dynamo!.endpoint;
    const client = localClient(scratch?.endpoint ?? dynamoEndpoint);
    await ensureTable(client, tableName);
    client.destroy();

    const version = await appVersion();
    const env = { dataDir: options.dataDir, tableName, publicUrl: options.publicUrl ?? url, version };
    const { outboxDir } = await setFunctionEnv({ ...env, dynamoEndpoint: scratch?.endpoint ?? dynamoEndpoint });
    const functions = await loadLambdaFunctions();
    const api = buildAppSyncSchema();
    const realtime = createAppSyncRealtime({ api, functions, limits: options.realtimeLimits });
    const unregisterEventSink = registerLocalEventSink(realtime.deliver);
    closeRealtime = () => {
      unregisterEventSink();
      realtime.close();
    };
    // Seeded once the real-time server is there: the demo contracts announce their steps live, as any.
    if (seed) {
      const { seedDemoData } = await import('@partage/functions/domain/accounts/demo-seed');
      await seedDemoData();
      if (options.demoAds ?? true) {
        const { seedDemoAds } = await import('@partage/functions/domain/ads/demo-ads-seed');
        const started = performance.now();
        const { created, images } = await seedDemoAds();
        if (created > 0)
          console.log(`Seeded ${created} demo ads and ${images} image files in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
        // Contracts need the demo owner's published ads.
        const { seedDemoContracts } = await import('@partage/functions/domain/contracts/demo-contracts-seed');
        await seedDemoContracts();
        // Rentals that are over, to rate (after the contracts: a seed of its own).
        const { seedDemoRatings } = await import('@partage/functions/domain/ratings/demo-ratings-seed');
        await seedDemoRatings();
      }
    }
    if (scratch) {
      // Stopped, its file is complete: copied into the data folder before anything asks the data folder's DynamoDB Local.
      await scratch.stop();
      scratch = undefined;
      await placeDatabase(join(scratchDir!, DYNAMODB_FILE), options.dataDir);
      removeScratch();
      await setFunctionEnv({ ...env, dynamoEndpoint });
    }
    const outbox = createDevOutbox(outboxDir);
    const schedules = await import('@partage/functions/handlers/schedules');
    scheduler = createLocalScheduler({
      cronJobs: schedules.CRON_JOBS,
      oneTimeJobs: schedules.ONE_TIME_JOBS,
      lambdaOf: (handler) => functions.jobHandlers.get(handler)!,
    });
    if (options.schedulerPasses ?? true) scheduler.start();
    const devSchedules = createDevSchedules(scheduler);
    const devPayments = createDevPayments();
    const files = createLocalFileRoutes({ dir: options.dataDir, secret: process.env.FILE_STORE_SECRET! });

    const limits = options.rateLimits ?? LOCAL_RATE_LIMITS;
    // One bucket for all the HTTP API routes, as WAF's rule covers them together.
    const admitHttp = createRateLimiter(limits.http);
    const routes = new Map<string, RouteHandler>([
      [
        'POST /graphql',
        rateLimited(createRateLimiter(limits.graphql), 'graphql', createAppSyncHttpHandler({ api, functions, publish: realtime.publish })),
      ],
      [
        'GET /config.json',
        (request, response) =>
          sendJson(response, 200, {
            mode: 'local',
            graphqlEndpoint: `http://${request.headers.host ?? `localhost:${port}`}/graphql`,
            apiUrl: '',
            region: LOCAL_REGION,
            version,
            site,
            ...telemetry,
          }),
      ],
      [`GET ${DEV_OUTBOX_PATH}`, outbox.html],
      [`GET ${DEV_OUTBOX_JSON_PATH}`, outbox.json],
      [`GET ${DEV_OUTBOX_MESSAGE_PATH}`, outbox.message],
      [`GET ${DEV_SCHEDULES_PATH}`, devSchedules.html],
      // The dev pages' forms: their own pages only (same-origin.ts).
      [`POST ${DEV_SCHEDULES_RUN_DUE_PATH}`, sameOriginOnly(devSchedules.runDue)],
      [`POST ${DEV_SCHEDULES_RUN_PATH}`, sameOriginOnly(devSchedules.run)],
      [`GET ${DEV_PAYMENTS_PATHS.onboarding}`, devPayments.onboarding],
      [`POST ${DEV_PAYMENTS_PATHS.onboarding}`, sameOriginOnly(devPayments.onboardingChoice)],
      [`GET ${DEV_PAYMENTS_PATHS.dashboard}`, devPayments.dashboard],
      [`POST ${DEV_PAYMENTS_PATHS.dashboard}`, sameOriginOnly(devPayments.restrictAccount)],
      [`GET ${DEV_PAYMENTS_PATHS.charges}`, devPayments.charges],
      [`POST ${DEV_PAYMENTS_PATHS.charges}`, sameOriginOnly(devPayments.chargeChoice)],
      [`GET ${DEV_PAYMENTS_PATHS.checkout}`, devPayments.checkout],
      [`POST ${DEV_PAYMENTS_PATHS.checkout}`, sameOriginOnly(devPayments.checkoutChoice)],
      ...functions.httpRoutes.map(({ method, path, lambda }): [string, RouteHandler] => {
        const routeKey = `${method} ${path}`;
        return [routeKey, rateLimited(admitHttp, 'http', createHttpRouteHandler(lambda, routeKey))];
      }),
    ]);
    const apiPaths = new Set([...routes.keys()].map((key) => key.split(' ')[1]));
    // Routes of a greedy path (`/annonces/{proxy+}`) take every path below theirs.
    const greedyRoutes = [...routes].filter(([key]) => key.endsWith('+}'));
    const staticFiles = createStaticFiles(options.webDir ?? join(REPO_ROOT, 'web/dist'));

    handle = (request, response) => {
      const method = request.method ?? 'GET';
      const { pathname } = new URL(request.url ?? '/', 'http://localhost');
      const route =
        routes.get(`${method} ${pathname}`) ??
        greedyRoutes.find(([key]) => key.startsWith(`${method} `) && routePathMatches(key.slice(method.length + 1), pathname))?.[1];
      if (route) return route(request, response);
      if (apiPaths.has(pathname)) return sendText(response, 405, 'Method not allowed');
      if (files.handles(method, pathname)) return files.handle(request, response);
      // The site's files and pages; a form a browser posted by itself to a public page is answered there too.
      return staticFiles(request, response);
    };
    upgrade = realtime.handleUpgrade;
    await webBuilt;
    markReady();
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}
