// `npm run bench:load`: the local host under BENCH_LOAD_USERS (200) people at once for
// BENCH_LOAD_SECONDS (60), then a read-back that every write is there. `npm run bench:soak` (--soak):
// 50 people for 10 minutes, with the host's memory over time. docs/operations.md, "Load and capacity".
//
// The host is `npm run dev:server` (infra/local/main.ts, the web app built unless current; BENCH_LOAD_SKIP_BUILD=1
// takes web/dist as it is) in a process of its own, on a free port, on a copy of today's seeded demo data (~300
// ads), with load-capacity.ts loaded first to count what each operation costs it. The users are prepared through
// its API first (load-users.ts; not measured): each has an ad, a conversation as tenant and one as owner, and a
// contract proposed to them. Then each user, from a loopback address of its own (load-client.ts), acts, waits a
// think time of 0.5 to 1.5 × BENCH_LOAD_THINK_MS (5,000), and acts again, each action drawn from MIX: a search
// around a place typed (the address autocomplete, then the ads around the place picked), an ad's page (the page
// the server paints, then the ad asked again with the session, as the app does), a login, a chat message, a
// contract proposed (as owner), a proposal accepted and paid on the payment simulator (as tenant; the simulator
// posts the paid event to the host's webhook), an alert (deleting the oldest first once at the cap of 20). Nobody
// exceeds a limit a person stays within (load-mix.ts Budget, from RATE_LIMITS), so no refusal is measured. A
// token older than 12 minutes is refreshed first, as the app does.
//
// After the window, every write is read back through the API: each message in its conversation, each
// proposal, each payment PAID, each alert (and no deleted one). Writes bench/results/load.json (or
// soak.json): per operation p50/p95/p99 and errors, throughput, lost writes, the host's RSS (its Node process
// and DynamoDB Local's JVM) over time, what the host did per operation (requests, handling time, DynamoDB
// requests and request units) and the e-mails sent; for the soak, the last minute's mean RSS against the second
// minute's. Exits 1 on any error or lost write, or (soak) when the host's memory grew by more than 10 %.

import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format } from 'prettier';
import { ALERTS_PER_USER_MAX } from '@partage/graphql';
import { readOutbox } from '../../functions/adapters/outbox';
import { seededRandom } from '../../functions/domain/ads/demo-images';
import { RATE_LIMITS } from '../../functions/domain/rate-limits';
import { freePort } from '../../infra/local/dynamodb-local';
import { LOCAL_RATE_LIMITS } from '../../infra/local/rate-limiter';
import { copySeededData } from '../../infra/local/seeded-data';
import { Connection, DOCUMENTS, RequestFailed } from './load-client';
import { Budget, latencies, memoryTrend, pickOperation, usageOf, type HostCounts, type MemorySample } from './load-mix';
import { PASSWORD, pool, prepareUsers, proposal, type LoadUser, type Place } from './load-users';
import { quebecAds } from './quebec-ads';

const SOAK = process.argv.includes('--soak');
const USERS = Number(process.env.BENCH_LOAD_USERS ?? (SOAK ? 50 : 200));
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? (SOAK ? 600 : 60));
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 5_000);
const NAME = SOAK ? 'soak' : 'load';
/** A soak's memory growth past which the run fails. */
const FLAT_PERCENT = 10;
/** Access tokens live 15 minutes: the app refreshes before. */
const REFRESH_AFTER_MS = 12 * 60_000;
const SAMPLE_MS = SOAK ? 5_000 : 1_000;
const root = fileURLToPath(new URL('../..', import.meta.url));

/** What a person does, in shares of their actions (the payments follow the proposals). */
const MIX = { search: 30, ad_page: 28, message: 15, login: 5, proposal: 8, payment: 7, alert: 7 } as const;
type Action = keyof typeof MIX;
/** What is measured: the actions, and the steps some need first. */
type Operation = Action | 'alert_delete' | 'token_refresh';

const MESSAGES = [
  'Bonjour, la cuisine est-elle libre samedi matin ?',
  'Parfait, je vous confirme par ici.',
  'Avez-vous un batteur sur socle de 20 litres ?',
  'Merci ! Je passe prendre les clés à 8 h.',
  'Est-ce que le stationnement est possible pour un camion cube ?',
];
const CATEGORIES = ['PROFESSIONAL_KITCHEN', 'PREP_EQUIPMENT', 'REFRIGERATION_EQUIPMENT', 'STORAGE_SPACE', 'DELIVERY_TRUCK'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- The host ------------------------------------------------------------------------------------------
const dataDir = await mkdtemp(join(tmpdir(), `partage-bench-${NAME}-`));
const log = (line: string) => console.log(line);
log(`Copying today's seeded data to ${dataDir}…`);
await copySeededData(dataDir);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const hostLog = createWriteStream(join(dataDir, 'host.log'));
const capacityFile = join(dataDir, 'capacity.json');
const host = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--import',
    join(root, 'tests/bench/load-capacity.ts'),
    join(root, 'infra/local/main.ts'),
    ...(process.env.BENCH_LOAD_SKIP_BUILD === '1' ? [] : ['--build-web']),
  ],
  {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, BENCH_CAPACITY_FILE: capacityFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
host.stdout.pipe(hostLog);
host.stderr.pipe(hostLog);
const hostExited = new Promise<number | null>((resolve) => host.once('exit', resolve));
// A bench that fails stops its host too (which stops its DynamoDB Local).
const stopOnExit = () => host.kill('SIGTERM');
process.once('exit', stopOnExit);
let stopping = false;
void hostExited.then((code) => {
  if (!stopping) {
    console.error(`The local host stopped (exit ${code}): see ${join(dataDir, 'host.log')}`);
    process.exit(1);
  }
});
async function stopHost(): Promise<void> {
  stopping = true;
  process.off('exit', stopOnExit);
  host.kill('SIGTERM');
  const killed = setTimeout(() => host.kill('SIGKILL'), 30_000);
  await hostExited;
  clearTimeout(killed);
}

const operator = new Connection(origin, '127.77.255.253');
log(`Starting the local host on ${origin}…`);
for (;;) {
  const answer = await operator.request('GET', '/status').catch(() => undefined);
  if (answer?.status === 200) break;
  await sleep(500);
}

/** Resident memory of a process, in MB (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
/** DynamoDB Local: the host's java child. */
async function javaPid(): Promise<number | undefined> {
  const children = (await readFile(`/proc/${host.pid}/task/${host.pid}/children`, 'utf8').catch(() => '')).trim().split(/\s+/);
  for (const child of children.filter(Boolean).map(Number)) {
    if ((await readFile(`/proc/${child}/comm`, 'utf8').catch(() => '')).trim() === 'java') return child;
  }
  return undefined;
}

// ---- The users -----------------------------------------------------------------------------------------
/** The simulator posts each webhook from the host's own address: its bucket on the HTTP routes is shared. */
const webhooks = new Budget(LOCAL_RATE_LIMITS.http, Date.now());
async function beforeWebhook(): Promise<void> {
  while (!webhooks.allows(Date.now())) await sleep(200);
  webhooks.take(Date.now());
}
const preparationStarted = performance.now();
log(`Preparing ${USERS} users through the API…`);
const users = await prepareUsers(origin, USERS, beforeWebhook, log);
const preparationSeconds = (performance.now() - preparationStarted) / 1000;
// The webhooks' bucket full again before the window (the onboardings used it).
while (webhooks.left(Date.now()) < LOCAL_RATE_LIMITS.http.capacity - 2) await sleep(1_000);

interface Actor {
  user: LoadUser;
  random: () => number;
  place: () => Place;
  budgets: Record<'proposal' | 'payment' | 'alert' | 'message' | 'search' | 'places' | 'login', Budget>;
  /** Per conversation, this user's messages in it. */
  conversationBudgets: Map<string, Budget>;
  /** Contracts proposed to this user, oldest first. */
  toPay: string[];
  /** This user's alerts, oldest first. */
  alerts: string[];
  lastResults: { id: string; path: string }[];
  lastPlace: Place | null;
}

const actors: Actor[] = users.map((user) => {
  // Searches and alerts around places drawn like the population, as the ads are.
  const { quebecPoint } = quebecAds(1_000 + user.index);
  const now = Date.now();
  return {
    user,
    random: seededRandom(7_000 + user.index),
    place: () => {
      const { town, latitude, longitude } = quebecPoint();
      return { label: town, town, latitude, longitude };
    },
    budgets: {
      // The contract proposed before the window.
      proposal: new Budget(RATE_LIMITS.contractProposal, now, 1),
      payment: new Budget(RATE_LIMITS.checkoutStart, now),
      alert: new Budget(RATE_LIMITS.createAlert, now),
      // The question asked during the preparation.
      message: new Budget(RATE_LIMITS.chatMessage, now, 1),
      search: new Budget(RATE_LIMITS.searchAds, now),
      places: new Budget(RATE_LIMITS.searchPlaces, now),
      login: new Budget(RATE_LIMITS.login, now, 1),
    },
    conversationBudgets: new Map([
      [user.tenantConversation, new Budget(RATE_LIMITS.chatConversationMessage, now, 1)],
      [user.ownerConversation, new Budget(RATE_LIMITS.chatConversationMessage, now)],
    ]),
    toPay: [user.waitingProposal],
    alerts: [],
    lastResults: [],
    lastPlace: null,
  };
});

// ---- What is recorded ------------------------------------------------------------------------------------
const timings = new Map<Operation, number[]>();
const errors = new Map<Operation, Map<string, number>>();
const requestsOf = new Map<Operation, number>();
const firstErrors: string[] = [];
/** Per conversation, the messages written in it (the preparation's questions included). */
const sentMessages = new Map<string, Set<string>>(users.map((user) => [user.tenantConversation, new Set([user.question])]));
/** Every proposal: its owner, and whether its payment went through. */
const proposals = new Map<string, { owner: Actor; paid: boolean }>(
  actors.map((tenant) => [tenant.user.waitingProposal, { owner: actors[(tenant.user.index + 1) % actors.length]!, paid: false }]),
);
const deletedAlerts = new Map<Actor, string[]>();
const unavailable = new Map<Action, number>();

async function measure(actor: Actor, operation: Operation, work: () => Promise<void>): Promise<void> {
  const { connection } = actor.user;
  const before = connection.requests;
  const around = connection.operation;
  connection.operation = operation;
  const started = performance.now();
  try {
    await work();
    const ms = performance.now() - started;
    const measured = timings.get(operation);
    if (measured) measured.push(ms);
    else timings.set(operation, [ms]);
  } catch (error) {
    const code = error instanceof RequestFailed ? error.code : 'CLIENT_ERROR';
    const byCode = errors.get(operation) ?? new Map<string, number>();
    byCode.set(code, (byCode.get(code) ?? 0) + 1);
    errors.set(operation, byCode);
    if (firstErrors.length < 20) firstErrors.push(`${operation}: ${(error as Error).message}`);
  } finally {
    connection.operation = around;
    requestsOf.set(operation, (requestsOf.get(operation) ?? 0) + connection.requests - before);
  }
}

const token = (actor: Actor) => actor.user.session.token;
const pickOf = <T>(actor: Actor, items: T[]): T => items[Math.floor(actor.random() * items.length)]!;

function possible(actor: Actor, action: Action, now: number): boolean {
  const { budgets } = actor;
  const ok = (() => {
    switch (action) {
      case 'search':
        return budgets.search.allows(now) && budgets.places.allows(now);
      case 'ad_page':
        return true;
      case 'message':
        return budgets.message.allows(now) && [...actor.conversationBudgets.values()].some((budget) => budget.allows(now));
      case 'login':
        return budgets.login.allows(now);
      case 'proposal':
        return budgets.proposal.allows(now);
      case 'payment':
        return actor.toPay.length > 0 && budgets.payment.allows(now) && webhooks.allows(now);
      case 'alert':
        return budgets.alert.allows(now);
    }
  })();
  if (!ok) unavailable.set(action, (unavailable.get(action) ?? 0) + 1);
  return ok;
}

const ACTIONS: Record<Action, (actor: Actor) => Promise<void>> = {
  async search(actor) {
    actor.budgets.search.take(Date.now());
    actor.budgets.places.take(Date.now());
    const wanted = actor.place();
    const { connection } = actor.user;
    const { searchPlaces } = await connection.graphql<{
      searchPlaces: { label: string; town: string; latitude: number; longitude: number }[];
    }>(DOCUMENTS.searchPlaces, { text: wanted.town, limit: 8, language: 'FRENCH' }, token(actor));
    const place = searchPlaces.find((suggestion) => suggestion.town === wanted.town) ?? searchPlaces[0];
    if (!place) throw new RequestFailed('NO_PLACE', `no suggestion for ${wanted.town}`);
    const { searchAds } = await connection.graphql<{ searchAds: { items: { id: string; path: string }[] } }>(
      DOCUMENTS.searchAds,
      { input: { near: { latitude: place.latitude, longitude: place.longitude, radiusKm: 25 } }, limit: 24 },
      token(actor),
    );
    actor.lastPlace = { label: place.label, town: place.town, latitude: place.latitude, longitude: place.longitude };
    actor.lastResults = searchAds.items;
  },

  async ad_page(actor) {
    const ad = actor.lastResults.length > 0 ? pickOf(actor, actor.lastResults) : pickOf(actor, users).ad;
    const page = await actor.user.connection.request(
      'GET',
      `/annonces/${ad.path}?lang=fr`,
      { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      undefined,
      'GET /annonces/{ad}',
    );
    if (page.status !== 200) throw new RequestFailed(`HTTP_${page.status}`, `${ad.path}: ${page.status}`);
    await actor.user.connection.graphql(DOCUMENTS.adDetail, { id: ad.id }, token(actor));
  },

  async message(actor) {
    const now = Date.now();
    const conversationId = pickOf(
      actor,
      [...actor.conversationBudgets].filter(([, budget]) => budget.allows(now)).map(([id]) => id),
    );
    actor.budgets.message.take(now);
    actor.conversationBudgets.get(conversationId)!.take(now);
    const { sendMessage } = await actor.user.connection.graphql<{ sendMessage: { id: string } }>(
      DOCUMENTS.sendMessage,
      { input: { conversationId, clientMessageId: crypto.randomUUID(), body: pickOf(actor, MESSAGES) } },
      token(actor),
    );
    let sent = sentMessages.get(conversationId);
    if (!sent) sentMessages.set(conversationId, (sent = new Set()));
    sent.add(sendMessage.id);
  },

  async login(actor) {
    actor.budgets.login.take(Date.now());
    const { user } = actor;
    const answer = await user.connection.postJson<{ token: string; refreshToken: string; deviceToken: string }>('/token/login', {
      username: user.email,
      password: PASSWORD,
      deviceId: user.deviceId,
      deviceToken: user.deviceToken,
    });
    user.session = { token: answer.token, refreshToken: answer.refreshToken, at: Date.now() };
    user.deviceToken = answer.deviceToken;
  },

  async proposal(actor) {
    actor.budgets.proposal.take(Date.now());
    const day = actor.user.nextProposalDay;
    actor.user.nextProposalDay += 2;
    const { proposeContract } = await actor.user.connection.graphql<{ proposeContract: { id: string } }>(
      DOCUMENTS.proposeContract,
      { input: proposal(actor.user.ownerConversation, day, 15_000 + 500 * Math.floor(actor.random() * 20)) },
      token(actor),
    );
    proposals.set(proposeContract.id, { owner: actor, paid: false });
    // The tenant is the previous user.
    actors[(actor.user.index + actors.length - 1) % actors.length]!.toPay.push(proposeContract.id);
  },

  async payment(actor) {
    actor.budgets.payment.take(Date.now());
    webhooks.take(Date.now());
    const contractId = actor.toPay.shift()!;
    const { connection } = actor.user;
    const { acceptAndPayContract } = await connection.graphql<{ acceptAndPayContract: { url: string } }>(
      DOCUMENTS.acceptAndPay,
      { input: { contractId, expectedVersion: 1 } },
      token(actor),
    );
    const session = new URL(acceptAndPayContract.url).searchParams.get('session')!;
    const back = await connection.postForm('/_dev/payments/checkout', { session, choice: 'pay' });
    if (!back.includes('/paiement/succes')) throw new RequestFailed('NOT_PAID', `checkout answered ${back}`);
    proposals.get(contractId)!.paid = true;
  },

  async alert(actor) {
    actor.budgets.alert.take(Date.now());
    const { connection } = actor.user;
    if (actor.alerts.length >= ALERTS_PER_USER_MAX - 1) {
      const oldest = actor.alerts.shift()!;
      await measure(actor, 'alert_delete', async () => {
        await connection.graphql(DOCUMENTS.deleteAlert, { id: oldest }, token(actor));
        deletedAlerts.set(actor, [...(deletedAlerts.get(actor) ?? []), oldest]);
      });
    }
    const place = actor.lastPlace ?? actor.place();
    const { createAlert } = await connection.graphql<{ createAlert: { id: string; status: string } }>(
      DOCUMENTS.createAlert,
      {
        input: {
          criteria: { categories: [pickOf(actor, CATEGORIES)] },
          place: { label: place.label, latitude: place.latitude, longitude: place.longitude },
          radiusKm: 25,
          email: actor.user.email,
          language: 'FRENCH',
        },
      },
      token(actor),
    );
    if (createAlert.status !== 'ACTIVE') throw new RequestFailed('NOT_ACTIVE', `alert ${createAlert.status}`);
    actor.alerts.push(createAlert.id);
  },
};

async function refreshSession(user: LoadUser): Promise<void> {
  const answer = await user.connection.postJson<{ token: string; refreshToken: string }>('/token/refresh', {
    token: user.session.token,
    refreshToken: user.session.refreshToken,
    deviceId: user.deviceId,
  });
  user.session = { ...answer, at: Date.now() };
}

const stale = (user: LoadUser) => Date.now() - user.session.at >= REFRESH_AFTER_MS;

/** The app refreshes its access token before it expires. */
async function freshToken(actor: Actor): Promise<void> {
  if (stale(actor.user)) await measure(actor, 'token_refresh', () => refreshSession(actor.user));
}

const done = new Map<Action, number>();
async function live(actor: Actor, until: number): Promise<void> {
  // Arrivals spread over the first think time, not all at the same instant.
  await sleep(actor.random() * THINK_MS);
  while (Date.now() < until) {
    await freshToken(actor);
    const action = pickOperation(MIX, (candidate) => possible(actor, candidate, Date.now()), actor.random);
    if (action) {
      done.set(action, (done.get(action) ?? 0) + 1);
      await measure(actor, action, () => ACTIONS[action](actor));
    }
    // Not past the window's end: its last action is measured, not the thought after it.
    await sleep(Math.min(THINK_MS * (0.5 + actor.random()), Math.max(0, until - Date.now())));
  }
}

// ---- The window ------------------------------------------------------------------------------------------
const java = await javaPid();
const memory: { t: number; host_mb: number; dynamodb_mb: number }[] = [];
const loadBefore = loadavg().map((load) => +load.toFixed(2));
const started = Date.now();
const sample = async () =>
  memory.push({
    t: Math.round((Date.now() - started) / 1000),
    host_mb: Math.round(await rssMb(host.pid!)),
    dynamodb_mb: java ? Math.round(await rssMb(java)) : 0,
  });
await sample();
// The host's counts start with the window (load-capacity.ts).
process.kill(host.pid!, 'SIGUSR2');
const sampler = setInterval(() => void sample(), SAMPLE_MS);
log(`${USERS} users for ${SECONDS} s (think time ${THINK_MS} ms)…`);
const progress = setInterval(
  () => {
    const ops = [...timings.values()].reduce((sum, list) => sum + list.length, 0);
    const failed = [...errors.values()].reduce((sum, byCode) => sum + [...byCode.values()].reduce((a, b) => a + b, 0), 0);
    log(`  ${Math.round((Date.now() - started) / 1000)} s: ${ops} operations, ${failed} errors, host ${memory.at(-1)?.host_mb} MB`);
  },
  SOAK ? 60_000 : 10_000,
);
await Promise.all(actors.map((actor) => live(actor, started + SECONDS * 1000)));
const windowSeconds = (Date.now() - started) / 1000;
clearInterval(sampler);
clearInterval(progress);
await sample();
const loadAfter = loadavg().map((load) => +load.toFixed(2));
// The host writes its counts every second.
await sleep(1_500);
const hostCounts = JSON.parse(await readFile(capacityFile, 'utf8')) as Record<string, HostCounts>;
const sentInWindow = (await readOutbox(join(dataDir, 'outbox'))).filter(({ sentAt }) => Date.parse(sentAt) >= started);

// ---- Read back ---------------------------------------------------------------------------------------------
log('Reading every write back…');
const lost = { messages: 0, proposals: 0, payments: 0, alerts: 0, deleted_alerts_still_listed: 0 };
const lostExamples: string[] = [];
const lose = (kind: keyof typeof lost, what: string) => {
  lost[kind]++;
  if (lostExamples.length < 20) lostExamples.push(`${kind}: ${what}`);
};
await pool(actors, 8, async (actor) => {
  const { user } = actor;
  user.connection.operation = 'read-back';
  if (stale(user)) await refreshSession(user);
  // The conversation where the user is the tenant holds both parties' messages.
  const expected = new Set(sentMessages.get(user.tenantConversation));
  let nextToken: string | null = null;
  do {
    const page: { conversationMessages: { items: { id: string }[]; nextToken: string | null } } = await user.connection.graphql(
      DOCUMENTS.conversationMessages,
      { conversationId: user.tenantConversation, limit: 50, nextToken },
      token(actor),
    );
    for (const { id } of page.conversationMessages.items) expected.delete(id);
    nextToken = page.conversationMessages.nextToken;
  } while (nextToken && expected.size > 0);
  for (const id of expected) lose('messages', `${id} in ${user.tenantConversation}`);

  const { myAlerts } = await user.connection.graphql<{ myAlerts: { id: string; status: string }[] }>(DOCUMENTS.myAlerts, {}, token(actor));
  const listed = new Map(myAlerts.map((alert) => [alert.id, alert.status]));
  for (const id of actor.alerts) if (listed.get(id) !== 'ACTIVE') lose('alerts', `${id} of ${user.email}`);
  for (const id of deletedAlerts.get(actor) ?? []) if (listed.has(id)) lose('deleted_alerts_still_listed', `${id} of ${user.email}`);
});
await pool([...proposals], 8, async ([id, { owner, paid }]) => {
  const { contract } = await owner.user.connection.graphql<{ contract: { status: string } | null }>(
    DOCUMENTS.contract,
    { id },
    token(owner),
  );
  if (!contract) lose('proposals', id);
  else if (paid && contract.status !== 'PAID') lose('payments', `${id} is ${contract.status}`);
});
await Promise.all(users.map((user) => user.connection.close()));
await operator.close();
await stopHost();

// ---- Results -------------------------------------------------------------------------------------------------
const operations = Object.fromEntries(
  (['search', 'ad_page', 'login', 'message', 'proposal', 'payment', 'alert', 'alert_delete', 'token_refresh'] as Operation[])
    .filter((operation) => timings.has(operation) || errors.has(operation))
    .map((operation) => {
      const errorCount = [...(errors.get(operation)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
      const measured = latencies(timings.get(operation) ?? []);
      return [
        operation,
        {
          ...measured,
          errors: errorCount,
          ...(errorCount > 0 && { error_codes: Object.fromEntries(errors.get(operation)!) }),
          requests_each: +((requestsOf.get(operation) ?? 0) / (measured.count + errorCount)).toFixed(2),
        },
      ];
    }),
);
const totalOps = Object.values(operations).reduce((sum, { count, errors: failed }) => sum + count + failed, 0);
const totalRequests = [...requestsOf.values()].reduce((sum, count) => sum + count, 0);
const totalErrors = Object.values(operations).reduce((sum, { errors: failed }) => sum + failed, 0);
const lostTotal = Object.values(lost).reduce((sum, count) => sum + count, 0);
const hostSeries: MemorySample[] = memory.map(({ t, host_mb }) => ({ t, mb: host_mb }));
const dynamoSeries: MemorySample[] = memory.map(({ t, dynamodb_mb }) => ({ t, mb: dynamodb_mb }));
const hostTrend = memoryTrend(hostSeries);
const paidCount = [...proposals.values()].filter(({ paid }) => paid).length;
const summary = (series: MemorySample[]) => ({
  start_mb: series[0]?.mb ?? 0,
  end_mb: series.at(-1)?.mb ?? 0,
  max_mb: Math.max(...series.map(({ mb }) => mb)),
});
const results = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu_model: cpus()[0]?.model ?? 'unknown',
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    // 1, 5 and 15 minutes, before and after the window: other work on the cores slows every step.
    load_average_before: loadBefore,
    load_average_after: loadAfter,
  },
  host: 'local host (infra/local/main.ts) and DynamoDB Local, one process each; the bench is a third on the same cores',
  users: USERS,
  seconds: +windowSeconds.toFixed(1),
  think_ms: THINK_MS,
  mix: MIX,
  preparation_seconds: +preparationSeconds.toFixed(1),
  operations,
  throughput: {
    operations: totalOps,
    operations_per_second: +(totalOps / windowSeconds).toFixed(1),
    requests: totalRequests,
    requests_per_second: +(totalRequests / windowSeconds).toFixed(1),
  },
  // Times an action was drawn but not open to the user then (a budget spent, nothing to pay).
  not_open: Object.fromEntries(unavailable),
  errors: totalErrors,
  ...(firstErrors.length > 0 && { first_errors: firstErrors }),
  writes: {
    messages: [...sentMessages.values()].reduce((sum, ids) => sum + ids.size, 0),
    proposals: proposals.size,
    payments: paidCount,
    alerts: actors.reduce((sum, actor) => sum + actor.alerts.length, 0),
    alerts_deleted: [...deletedAlerts.values()].reduce((sum, ids) => sum + ids.length, 0),
  },
  lost_writes: { ...lost, total: lostTotal },
  ...(lostExamples.length > 0 && { lost_examples: lostExamples }),
  // What the host did for each operation (load-capacity.ts): requests, handling time, DynamoDB requests and
  // request units; "POST /webhooks/stripe" is the simulator's paid events, "background" the scheduled jobs,
  // "simulator" the simulator's own records (Stripe's, on AWS).
  host_usage: usageOf(
    hostCounts,
    Object.fromEntries(Object.entries(operations).map(([operation, { count, errors: failed }]) => [operation, count + failed])),
  ),
  messages_sent: {
    emails: sentInWindow.filter(({ kind }) => kind === 'email').length,
    sms: sentInWindow.filter(({ kind }) => kind === 'sms').length,
    by_subject: sentInWindow.reduce<Record<string, number>>((bySubject, { kind, subject }) => {
      // The kind of e-mail: its subject before what names the contract or the ad.
      const key = kind === 'sms' ? 'SMS' : (subject ?? '').split(' : ')[0]!;
      bySubject[key] = (bySubject[key] ?? 0) + 1;
      return bySubject;
    }, {}),
  },
  memory: {
    sample_seconds: SAMPLE_MS / 1000,
    host_rss: { ...summary(hostSeries), ...(hostTrend && { trend: hostTrend, flat: hostTrend.growth_percent <= FLAT_PERCENT }) },
    dynamodb_local_rss: { ...summary(dynamoSeries), ...(memoryTrend(dynamoSeries) && { trend: memoryTrend(dynamoSeries) }) },
    // [seconds, host MB, DynamoDB Local MB]
    samples: memory.map(({ t, host_mb, dynamodb_mb }) => [t, host_mb, dynamodb_mb]),
  },
};
await mkdir(join(root, 'bench/results'), { recursive: true });
// As the repository's formatter writes it (`npm run lint` checks every file).
await writeFile(join(root, `bench/results/${NAME}.json`), await format(JSON.stringify(results), { parser: 'json' }));

console.log(
  `\n${USERS} users, ${windowSeconds.toFixed(0)} s: ${totalOps} operations (${results.throughput.operations_per_second}/s), ${totalErrors} errors, ${lostTotal} lost writes`,
);
console.log('  operation        count  errors   p50 ms   p95 ms   p99 ms');
for (const [operation, figures] of Object.entries(operations)) {
  console.log(
    `  ${operation.padEnd(15)} ${String(figures.count).padStart(6)} ${String(figures.errors).padStart(7)} ${[figures.p50_ms, figures.p95_ms, figures.p99_ms].map((ms) => ms.toFixed(0).padStart(8)).join(' ')}`,
  );
}
console.log(
  `  host RSS ${results.memory.host_rss.start_mb} → ${results.memory.host_rss.end_mb} MB (max ${results.memory.host_rss.max_mb})${hostTrend ? `, last minute vs second: ${hostTrend.growth_mb} MB (${hostTrend.growth_percent} %)` : ''}`,
);
for (const line of firstErrors) console.log(`  ${line}`);
for (const line of lostExamples) console.log(`  lost ${line}`);
console.log(`Wrote bench/results/${NAME}.json`);
await rm(dataDir, { recursive: true, force: true });
if (totalErrors > 0 || lostTotal > 0 || (hostTrend && hostTrend.growth_percent > FLAT_PERCENT)) process.exitCode = 1;
