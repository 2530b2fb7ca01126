// Test helpers for the functions: a fresh table and mailbox per test file, accounts, and events
// shaped like the ones AppSync and API Gateway send.

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beforeAll, vi } from 'vitest';
import { useTestTable } from '../../tests/support/test-table';
import { addDays, isResolverError, quebecToday, type AdInput, type CreateAlertInput, type ProposeContractInput } from '@partage/graphql';
import { adInput } from './ad-input';
import { alertInput } from './alert-input';
import { registerLocalEventSink } from '../adapters/local-publisher';
import { readOutbox, type OutboxEntry } from '../adapters/outbox';
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getAd } from '../data/ads';
import { getContract, replaceContract } from '../data/contracts';
import { db, tableName } from '../data/client';
import { tokenBucketKey, userKey } from '../data/keys';
import { bucketHolding } from '../data/token-buckets';
import { putPendingFile, settleFile } from '../data/files';
import { recordTermsAcceptance } from '../data/terms';
import { createUser, type UserRecord } from '../data/users';
import { latestTermsVersion } from '../domain/accounts/terms';
import { createAd } from '../domain/ads/ads';
import { createConversation } from '../domain/chat/conversations';
import { proposeContract } from '../domain/contracts/contracts';
import { acceptAndPayContract } from '../domain/contracts/contract-payment';
import { markRatingsDue } from '../domain/ratings/ratings-to-give';
import { actOnCheckout, seedCompletedSimulatorAccount } from '../adapters/payment-simulator';
import * as paymentPort from '../adapters/payment-provider';
import { useLocalAdapters } from '../adapters/local-host';
import { getSimulatorRecord } from '../data/payment-simulator';
import { createAlert } from '../domain/alerts/alerts';
import { submitRating } from '../domain/ratings/ratings';
import { replaceIndexedAd } from '../domain/search/indexed-writes';
import { hashPassword } from '../domain/accounts/password-hash';
import type { Identity } from '../domain/identity';
import { now } from '../domain/clock';
import { RATE_LIMITS, type RateLimitName } from '../domain/rate-limits';
import { sourceSubjectOf } from '../domain/source-address';
import type { ResolverEvent } from '../handlers/shared/resolver';
import { ONE_TIME_JOBS } from '../handlers/schedules';
import { handler as tokenHandler } from '../handlers/token';

export { adInput, alertInput };

export const TEST_PASSWORD = 'Correct-Horse-42';
/**
 * Fixture accounts store a cheap hash of TEST_PASSWORD (made once per file): verifying it takes
 * well under a millisecond instead of ~100 ms, and the verifier reads the cost from the hash.
 */
const FIXTURE_HASH_COST = { N: 2 ** 10, r: 8, p: 1 };
let fixtureHash: Promise<string> | undefined;
export const TEST_PUBLIC_URL = 'http://partage.test';
export const TEST_PAYMENT_WEBHOOK_SECRET = 'whsec_test_partage';

const published: { mutation: string; result: unknown }[] = [];

/** The events published (through the local adapter) since this test file started. */
export const publishedEvents = () => [...published];

const DEPLOYMENT_SETTINGS = [
  'PLATFORM_FEE_BASIS_POINTS',
  'PLATFORM_FEE_FIXED_CENTS',
  'PLATFORM_GST_NUMBER',
  'PLATFORM_QST_NUMBER',
  'PLATFORM_LEGAL_NAME',
  'PLATFORM_ADDRESS',
  'CONTACT_EMAIL',
];

/** Call in beforeAll: a new table, a JWT secret, an outbox and a recorder of published events of this file's own. */
export async function useTestEnvironment(): Promise<{ outboxDir: string }> {
  await useTestTable();
  // A deployment's settings that a test sets for itself: never left over from an earlier file of the
  // worker, or from a local host one started in it (infra/local/functions-env.ts sets the platform's
  // tax numbers), which would tax the fees of every file after it.
  for (const name of DEPLOYMENT_SETTINGS) delete process.env[name];
  const outboxDir = await mkdtemp(join(tmpdir(), 'outbox-'));
  Object.assign(process.env, {
    JWT_SECRET: 'test-secret-of-at-least-thirty-two-bytes',
    MAIL_ADAPTER: 'outbox',
    PHONE_VERIFIER_ADAPTER: 'outbox',
    OUTBOX_DIR: outboxDir,
    PUBLIC_URL: TEST_PUBLIC_URL,
    PUBLISH_ADAPTER: 'local',
    PLACES_ADAPTER: 'gazetteer',
    // One-time schedules go to the table (the local host's adapter); tests run them themselves.
    SCHEDULER_ADAPTER: 'table',
    SCHEDULE_TARGETS: JSON.stringify(Object.fromEntries(ONE_TIME_JOBS.map(({ job, handler }) => [job, handler]))),
    // The local payment simulator (no Stripe); its events are signed with this secret.
    PAYMENT_PROVIDER_ADAPTER: 'simulator',
    PAYMENT_SIMULATOR_WEBHOOK_SECRET: TEST_PAYMENT_WEBHOOK_SECRET,
    // Business metrics counted in the process (adapters/metrics-recorder.ts recordedMetrics).
    METRICS_ADAPTER: 'recorder',
  });
  useLocalAdapters();
  published.length = 0;
  registerLocalEventSink(async (mutation, result) => {
    published.push({ mutation, result });
  });
  return { outboxDir };
}

/**
 * Call at the top of a test file: registers the beforeAll that sets the environment up
 * (useTestEnvironment) and answers the outbox readers bound to this file's outbox, for the tests.
 */
export function useTestOutbox() {
  let outboxDir = '';
  beforeAll(async () => {
    ({ outboxDir } = await useTestEnvironment());
  });
  return {
    emailsTo: (to: string) => emailsTo(outboxDir, to),
    lastLinkEmail: (to: string) => lastLinkEmail(outboxDir, to),
    lastTwoFactorCode: (email: string) => lastTwoFactorCode(outboxDir, email),
  };
}

/** A user as sign-up leaves it: a USER has accepted the current terms (unless `termsAccepted` is false). */
export async function givenUser(overrides: Partial<UserRecord> = {}, { termsAccepted = true } = {}): Promise<UserRecord> {
  const id = overrides.id ?? randomUUID();
  const user: UserRecord = {
    id,
    email: `${id}@exemple.ca`,
    role: 'USER',
    passwordHash: await (fixtureHash ??= hashPassword(TEST_PASSWORD, FIXTURE_HASH_COST)),
    firstName: 'Lucie',
    lastName: 'Côté',
    publicName: 'Épicerie solidaire Rosemont',
    language: 'fr',
    emailConfirmed: true,
    phoneVerified: false,
    lockedOut: false,
    failedLogins: 0,
    firstLoginModalClosed: false,
    createdAt: now().toISOString(),
    ...overrides,
  };
  await createUser(user);
  if (user.role === 'USER' && termsAccepted) await recordTermsAcceptance(user.id, await latestTermsVersion(), user.createdAt);
  return user;
}

export const asUser = (user: Pick<UserRecord, 'id' | 'role'>): Identity => ({ userId: user.id, role: user.role });
export const ANONYMOUS: Identity = { userId: '', role: 'ANONYME' };

/** A complete, valid sign-up (createUserAccount input) with a fresh address. */
export function signUpInput(overrides: Record<string, unknown> = {}) {
  return {
    email: `${randomUUID()}@exemple.ca`,
    password: 'Mot-De-Passe-2026',
    firstName: 'Émilie',
    lastName: 'Bouchard',
    organizationName: 'Traiteur solidaire du Plateau',
    organizationNEQ: '1234567890',
    organizationType: 'SOCIAL_ECONOMY_ORGANIZATIONS',
    industry: 'CATERING',
    phoneNumber: '514 555-0199',
    showPhoneNumber: true,
    showEmail: false,
    address: '4321, rue Saint-Denis, Montréal',
    postalCode: 'h2j-2k9',
    contactAuthorizationNews: true,
    contactAuthorizationSurveys: false,
    registeringInterests: ['VIEW_AD', 'SHOW_EQUIPMENT'],
    acceptedTermsAndPrivacy: true,
    notRentalCompany: true,
    language: 'FRENCH',
    ...overrides,
  };
}

/** An AppSync event; pass `sourceAddress` to send it as AppSync does (x-forwarded-for). */
export function resolverEvent(field: string, args: Record<string, unknown>, identity: Identity, sourceAddress?: string): ResolverEvent {
  const [parentTypeName = '', fieldName = ''] = field.split('.');
  return {
    arguments: args,
    identity: { resolverContext: identity },
    source: null,
    info: { parentTypeName, fieldName, variables: {}, selectionSetList: [], selectionSetGraphQL: '' },
    request: { headers: sourceAddress ? { 'x-forwarded-for': `${sourceAddress}, 130.176.0.1` } : {} },
    prev: null,
    stash: {},
  };
}

/** Calls a resolver handler for `field` as `identity`, by default `defaultIdentity`. */
export const resolverCaller =
  (handler: (event: ResolverEvent) => Promise<unknown>, defaultIdentity: Identity = ANONYMOUS) =>
  (field: string, args: Record<string, unknown>, identity: Identity = defaultIdentity) =>
    handler(resolverEvent(field, args, identity));

/**
 * POST /token/login from the device `deviceId` (with the two-factor `code` when given), from
 * `sourceIp` (by default a new source address each call).
 */
export const tokenLogin =
  (deviceId: string, sourceIp?: string) =>
  (username: string, password: string = TEST_PASSWORD, code?: string) =>
    tokenHandler(httpEvent('POST', '/token/login', { username, password, deviceId, code }, sourceIp));

/**
 * Leaves `left` tokens in a rate limit's bucket at the clock's present, in one write, before a test spends
 * the rest through a handler. `subject` is a source address (counted as the handlers count it) or an account.
 */
export async function useUpRateLimit(name: RateLimitName, subject: string, left = 1): Promise<void> {
  const item = bucketHolding(name, sourceSubjectOf(subject), RATE_LIMITS[name], left, now().getTime());
  await db().send(new PutCommand({ TableName: tableName(), Item: item }));
}

/**
 * A source address of its own (IPv6 documentation range, in a /64 of its own: limits count an IPv6
 * caller by its /64), so limits per source never mix tests. It ends in `::1`.
 */
export const newSourceAddress = () =>
  `2001:db8:${randomBytes(4)
    .toString('hex')
    .replace(/(.{4})(?=.)/, '$1:')}::1`;

/** An API Gateway event from `sourceIp` (by default a new address each call, as if from many callers). */
export function httpEvent(method: 'GET' | 'POST', path: string, body?: unknown, sourceIp = newSourceAddress()): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    isBase64Encoded: false,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    requestContext: { http: { method, path, sourceIp } } as APIGatewayProxyEventV2['requestContext'],
  };
}

/** The code of the newest two-factor e-mail sent to `email`. */
export async function lastTwoFactorCode(outboxDir: string, email: string): Promise<string> {
  const mail = (await readOutbox(outboxDir)).find((entry) => entry.to === email);
  const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
  if (!code) throw new Error(`No two-factor e-mail for ${email}`);
  return code;
}

/** The error code a resolver answered with, if it failed. */
export const errorCodeOf = (result: unknown) => (isResolverError(result) ? result.__error.code : undefined);

/** The invalid fields a resolver answered with (`path:rule`), if validation failed. */
export const invalidFieldsOf = (result: unknown) =>
  isResolverError(result) ? result.__error.fields.map((field) => `${field.path}:${field.rule}`) : undefined;

/** Every e-mail sent to `to`, newest first. */
export async function emailsTo(outboxDir: string, to: string): Promise<OutboxEntry[]> {
  return (await readOutbox(outboxDir)).filter((entry) => entry.kind === 'email' && entry.to === to);
}

/** The newest e-mail sent to `to`, its link parsed (path, and the email, token and returnPath it carries). */
export async function lastLinkEmail(outboxDir: string, to: string) {
  const [mail] = await emailsTo(outboxDir, to);
  if (!mail?.links[0]) throw new Error(`No e-mail with a link for ${to}`);
  const url = new URL(mail.links[0]);
  const param = (name: string) => url.searchParams.get(name) ?? undefined;
  return { mail, url, path: url.pathname, email: param('email')!, token: param('token')!, returnPath: param('returnPath') };
}

/** An ad created through the domain, as `owner` (a USER's unpublished ad, an ADMIN's unlisted one); published if asked. */
export async function givenAd(
  owner: Pick<UserRecord, 'id' | 'role'>,
  overrides: Partial<AdInput> = {},
  { published = false } = {},
): Promise<{ id: string }> {
  const ad = await createAd(asUser(owner), adInput(overrides));
  if (published) {
    const stored = (await getAd(ad.id))!;
    await replaceIndexedAd(stored, { ...stored, published: true, publishedAt: now().toISOString() });
  }
  return { id: ad.id };
}

/** A PUBLIC_IMAGE stored for `owner`, `width` × `width * 3/4` pixels (its record only: the ads read no bytes). */
export async function givenStoredImage(owner: Pick<UserRecord, 'id'>, width: number): Promise<string> {
  const id = randomUUID();
  const createdAt = now().toISOString();
  await putPendingFile({
    id,
    ownerId: owner.id,
    purpose: 'PUBLIC_IMAGE',
    contentType: 'image/webp',
    size: 1000,
    status: 'PENDING',
    createdAt,
  });
  await settleFile(id, 'STORED', 1000, { width, height: Math.round((width * 3) / 4) });
  return id;
}

/** A first message for createConversation, with its own clientMessageId. */
export const firstMessage = (body = 'Bonjour, est-ce disponible ?') => ({ clientMessageId: randomUUID(), body });

/**
 * A conversation `asker` started about a published ad of `owner`'s (a new owner, unless given), with
 * its first message: its id, the ad's and the owner's.
 */
export async function givenConversation(
  asker: Pick<UserRecord, 'id' | 'role'>,
  owner?: Pick<UserRecord, 'id' | 'role'>,
): Promise<{ id: string; adId: string; ownerId: string }> {
  const adOwner = owner ?? (await givenUser());
  const ad = await givenAd(adOwner, {}, { published: true });
  const conversation = await createConversation(asUser(asker), { adId: ad.id, message: firstMessage() });
  return { id: conversation.id, adId: ad.id, ownerId: adOwner.id };
}

/** Records a user's payment onboarding as the payments capability keeps it (the user item's `paymentOnboarding`). */
export async function givenPaymentOnboarding(userId: string, state: 'INCOMPLETE' | 'COMPLETE' = 'COMPLETE'): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: userKey(userId),
      UpdateExpression: 'SET paymentOnboarding = :state',
      ExpressionAttributeValues: { ':state': state },
    }),
  );
}

/** A proposal's content: whole days, a week from now for `days` days, 250 $, with a request key of its own. */
export function contractInput(overrides: Partial<ProposeContractInput> & { conversationId: string }): ProposeContractInput {
  // Quebec's calendar, as the rules read it (UTC is a day ahead in its evenings).
  const day = (offset: number) => addDays(quebecToday(now()), offset);
  return {
    requestKey: randomUUID(),
    period: { precision: 'DAY', start: day(7), end: day(9) },
    totalPriceCents: 25_000,
    terms: '<p>Remise des clés à 8 h ; nettoyage inclus.</p>',
    files: [],
    disclaimerAccepted: true,
    ...overrides,
  };
}

/**
 * A SUBMITTED contract that `owner` (a new user, onboarded, unless given) proposed to `tenant` about an
 * ad always available (a new one, unless `adId` names one of the owner's), from the conversation
 * `tenant` started.
 */
export async function givenContract(
  tenant: Pick<UserRecord, 'id' | 'role'>,
  owner?: Pick<UserRecord, 'id' | 'role'>,
  overrides: Partial<ProposeContractInput> = {},
  adId?: string,
): Promise<{ id: string; adId: string; conversationId: string; ownerId: string }> {
  const adOwner = owner ?? (await givenUser());
  await givenPaymentOnboarding(adOwner.id);
  const ad = adId
    ? { id: adId }
    : await givenAd(
        adOwner,
        { availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] } },
        { published: true },
      );
  const conversation = await createConversation(asUser(tenant), { adId: ad.id, message: firstMessage() });
  // An arrangement, not the tenant's own request: suites that make many contracts for one tenant (the
  // authorization matrix) must not run into the chat's daily limit of new conversations.
  await db().send(new DeleteCommand({ TableName: tableName(), Key: tokenBucketKey('chatNewConversation', tenant.id) }));
  const contract = await proposeContract(asUser(adOwner), contractInput({ conversationId: conversation.id, ...overrides }));
  return { id: contract.id, adId: ad.id, conversationId: conversation.id, ownerId: adOwner.id };
}

/** A new user (writing in English) with a simulator account that can be paid. */
export async function givenPayableOwner(): Promise<{ owner: UserRecord; accountId: string }> {
  const accountId = `acct_sim_${randomUUID().slice(0, 8)}`;
  const owner = await givenUser({ paymentAccountId: accountId, language: 'en' });
  await seedCompletedSimulatorAccount({ accountId, userId: owner.id, email: owner.email });
  return { owner, accountId };
}

/**
 * An owner (`payee`, or a new one: givenPayableOwner) and a contract of theirs `tenant` accepted and
 * paid on the simulator's Checkout (250 $, no fee): PAID from its webhook event. Call
 * routeSimulatorWebhooks first.
 */
export async function givenPaidContract(
  tenant: Pick<UserRecord, 'id' | 'role'>,
  payee?: { owner: UserRecord; accountId: string },
  adId?: string,
) {
  const { owner, accountId } = payee ?? (await givenPayableOwner());
  const contract = await givenContract(tenant, owner, {}, adId);
  const checkout = await acceptAndPayContract(asUser(tenant), { contractId: contract.id, expectedVersion: 1 });
  const session = (await getSimulatorRecord('SESSION', new URL(checkout.url).searchParams.get('session')!))!;
  await actOnCheckout(session, 'pay');
  if ((await getContract(contract.id))?.status !== 'PAID') throw new Error(`Contract ${contract.id} was not paid`);
  return { contract, owner, accountId, session };
}

/**
 * Runs `run` (a payout) with a payment provider whose transfers are made and then fail as a run that
 * dies before writing them would ('Lambda timed out').
 */
export async function dyingAfterTransfer<T>(run: () => Promise<T>): Promise<T> {
  const real = await paymentPort.paymentProvider();
  const spy = vi.spyOn(paymentPort, 'paymentProvider').mockResolvedValue({
    ...real,
    createTransfer: async (request) => {
      await real.createTransfer(request);
      throw new Error('Lambda timed out');
    },
  });
  try {
    return await run();
  } finally {
    spy.mockRestore();
  }
}

/**
 * A rental that is over (ratings open): a contract as givenContract makes it (on `adId` when given),
 * then written as `status` (CLOSED unless given) for a two-day period that ended `endedDaysAgo` days
 * ago (1 unless given), with the ratings due that its payment would have marked.
 */
export async function givenEndedContract(
  tenant: Pick<UserRecord, 'id' | 'role'>,
  owner?: Pick<UserRecord, 'id' | 'role'>,
  {
    status = 'CLOSED',
    endedDaysAgo = 1,
    adId,
  }: { status?: 'CLOSED' | 'PAYOUT_DONE' | 'PAID' | 'REFUNDED'; endedDaysAgo?: number; adId?: string } = {},
): Promise<{ id: string; adId: string; conversationId: string; ownerId: string }> {
  const contract = await givenContract(tenant, owner, {}, adId);
  const before = (await getContract(contract.id))!;
  const endAt = new Date(now().getTime() - endedDaysAgo * 86_400_000);
  const startAt = new Date(endAt.getTime() - 2 * 86_400_000);
  const ended = {
    ...before,
    status,
    content: {
      ...before.content,
      start: quebecToday(startAt),
      end: quebecToday(endAt),
      startAt: startAt.toISOString(),
      endAt: endAt.toISOString(),
    },
  };
  await replaceContract(before, ended);
  // As the payment's contract-paid job leaves it: each side's rating due.
  await markRatingsDue(ended);
  return contract;
}

/** A review of `ratedOwner` (as owner) by a new tenant, published (both sides rated): its id. */
export async function givenPublishedReview(ratedOwner: Pick<UserRecord, 'id' | 'role'>): Promise<{ id: string }> {
  const tenant = await givenUser();
  const contract = await givenEndedContract(tenant, ratedOwner);
  await submitRating(asUser(tenant), {
    contractId: contract.id,
    equipment: { compliance: 4, cleanliness: 4, security: 4 },
    party: { respectOfContract: 4, communication: 4, reliability: 4 },
    comment: 'Très bien.',
  });
  await submitRating(asUser(ratedOwner), { contractId: contract.id, party: { respectOfContract: 5, communication: 5, reliability: 5 } });
  return { id: `${contract.id}.TENANT` };
}

/** An ACTIVE alert of `owner` (a USER), sent to their own confirmed address: its id. */
export async function givenAlert(owner: Pick<UserRecord, 'id' | 'role' | 'email'>, overrides: Partial<CreateAlertInput> = {}) {
  const alert = await createAlert(asUser(owner), alertInput(owner.email, overrides), undefined);
  return { id: alert.id };
}

/**
 * Call in beforeAll: the payment simulator's webhook calls (to TEST_PUBLIC_URL, where no server
 * listens in these tests) reach the webhook handler itself, as they reach the local host's route.
 * Any other fetch goes out as usual.
 */
export function routeSimulatorWebhooks(): () => void {
  const realFetch = globalThis.fetch;
  const webhookUrl = `${TEST_PUBLIC_URL}/webhooks/stripe`;
  const routed: typeof fetch = async (input, init) => {
    if (String(input) !== webhookUrl) return realFetch(input, init);
    const { handler } = await import('../handlers/stripe-webhook');
    const event = httpEvent('POST', '/webhooks/stripe', String(init?.body));
    event.headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
    );
    const response = await handler(event);
    return new Response(response.body ?? '', { status: response.statusCode ?? 200 });
  };
  globalThis.fetch = routed;
  return () => {
    globalThis.fetch = realFetch;
  };
}
