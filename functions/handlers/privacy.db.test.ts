// Privacy rights on DynamoDB Local and the local file store (docs/privacy.md): a person's data export
// holds their items and nobody else's private data, kept a day; an account's deletion takes its ads,
// pictures, alerts, sessions and address away, keeps the other party's conversation, contracts and
// ratings with the person shown as deleted, frees the address for a new sign-up, is refused while a
// contract still moves money, and is finished by its job after a run that died; who may do what; the
// administrators' log.

import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_EXPORT_HOURS, DELETED_ACCOUNT_NAME, type DataExport, type PrivacyRequestPage } from '@partage/graphql';
import * as fileStorePort from '../adapters/file-store';
import { getAd } from '../data/ads';
import { getAlert } from '../data/alerts';
import { db, tableName } from '../data/client';
import { getContract, replaceContract } from '../data/contracts';
import { getFile } from '../data/files';
import { listOneTimeSchedules, takeOneTimeSchedule } from '../data/scheduled-jobs';
import { getSearchEntry } from '../data/search-index';
import { findUserByEmail, getUser, type UserRecord } from '../data/users';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { manualClock, now, useClock } from '../domain/clock';
import { submitRating } from '../domain/ratings/ratings';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenAd,
  givenAlert,
  givenContract,
  givenConversation,
  givenEndedContract,
  givenPaidContract,
  givenPublishedReview,
  givenStoredImage,
  givenUser,
  newSourceAddress,
  resolverEvent,
  routeSimulatorWebhooks,
  signUpInput,
  TEST_PASSWORD,
  TEST_PUBLIC_URL,
  tokenLogin,
  useTestOutbox,
} from '../testing/fixtures';
import type { Identity } from '../domain/identity';
import { handler as accounts } from './accounts';
import { handler as admin } from './admin';
import { handler as chat } from './chat';
import { handler as contracts } from './contracts';
import { handler as favourites } from './favourites';
import { handler as privacy } from './privacy';
import { handler as privacyJobs } from './privacy-jobs';
import { handler as ratings } from './ratings';
import { ONE_TIME_JOBS } from './schedules';

useTestOutbox();
const clock = manualClock('2026-06-01T14:00:00Z');
let restoreClock: () => void;
let restoreWebhooks: () => void;
let storeDir = '';
let administrator: UserRecord;

beforeAll(async () => {
  storeDir = await mkdtemp(join(tmpdir(), 'privacy-store-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  restoreClock = useClock(clock);
  restoreWebhooks = routeSimulatorWebhooks();
  administrator = await givenUser({ role: 'ADMIN' });
});
afterAll(() => {
  restoreWebhooks();
  restoreClock();
});
afterEach(() => vi.restoreAllMocks());

const call = (field: string, args: Record<string, unknown>, identity: Identity) => privacy(resolverEvent(field, args, identity));
const exportOf = async (user: UserRecord) => (await call('Mutation.requestMyDataExport', {}, asUser(user))) as DataExport;
const deleteAccount = (user: UserRecord, password = TEST_PASSWORD) =>
  call('Mutation.deleteMyAccount', { input: { password } }, asUser(user));
const requestLog = async () => (await call('Query.privacyRequests', { limit: 100 }, asUser(administrator))) as PrivacyRequestPage;
const send = (from: UserRecord, conversationId: string, body: string) =>
  chat(resolverEvent('Mutation.sendMessage', { input: { conversationId, clientMessageId: randomUUID(), body } }, asUser(from)));

/** The file an export link names, read from the local store. */
async function fileOf(dataExport: DataExport): Promise<string> {
  const key = new URL(dataExport.url).pathname.slice(1);
  return readFile(join(storeDir, key), 'utf8');
}

/** As the local scheduler does: each due schedule of a privacy job taken once, then run by its handler. */
async function runDuePrivacyJobs(): Promise<number> {
  const jobs = new Set(ONE_TIME_JOBS.filter((job) => job.handler === 'privacy-jobs').map((job) => job.job));
  let runs = 0;
  for (const schedule of await listOneTimeSchedules()) {
    if (!jobs.has(schedule.job) || schedule.at > now().toISOString() || !(await takeOneTimeSchedule(schedule.name))) continue;
    await privacyJobs({ job: schedule.job, scheduledAt: schedule.at, payload: schedule.payload });
    runs += 1;
  }
  return runs;
}

/** A person with a bit of everything: a published ad with its picture, an alert, a favourite, a conversation answered. */
async function givenActivePerson(overrides: Partial<UserRecord> = {}) {
  const person = await givenUser({
    phoneNumber: '+15145550101',
    phoneVerified: true,
    address: '12, rue des Érables, Montréal',
    organizationName: `Cuisine ${randomUUID().slice(0, 6)}`,
    ...overrides,
  });
  const other = await givenUser({
    lastName: `Secret${randomUUID().slice(0, 6)}`,
    phoneNumber: '+15145559876',
    address: '99, rue Cachée, Laval',
    publicName: 'Traiteur du Plateau',
  });
  const picture = await givenStoredImage(person, 640);
  const ad = await givenAd(person, { images: [{ fileIds: [picture], alt: { fr: 'La cuisine', en: null } }] }, { published: true });
  const alert = await givenAlert(person);
  const conversation = await givenConversation(person, other);
  await send(other, conversation.id, 'Oui, elle est libre mardi.');
  await favourites(resolverEvent('Mutation.addFavourite', { adId: conversation.adId }, asUser(person)));
  return { person, other, picture, ad, alert, conversation };
}

describe('data export', () => {
  it('holds everything about the person, and nothing private of anyone else', async () => {
    const { person, other, ad, picture, alert, conversation } = await givenActivePerson();
    // The other party's rating of the person, not published (the person has not rated): blind until then.
    const rental = await givenEndedContract(person, other);
    await submitRating(asUser(other), {
      contractId: rental.id,
      equipment: undefined,
      party: { respectOfContract: 2, communication: 2, reliability: 2 },
      comment: 'Commentaire encore caché',
    });
    const review = await givenPublishedReview(person);

    const dataExport = await exportOf(person);
    expect(dataExport.userId).toBe(person.id);
    expect(Date.parse(dataExport.expiresAt) - Date.parse(dataExport.createdAt)).toBe(DATA_EXPORT_HOURS * 3_600_000);
    const text = await fileOf(dataExport);
    const file = JSON.parse(text);

    expect(file.account).toMatchObject({ id: person.id, email: person.email });
    expect(file.profile).toMatchObject({ phoneNumber: '+15145550101', address: '12, rue des Érables, Montréal' });
    expect(file.organization.name).toBe(person.organizationName);
    // The published ad, and the one of the rental rated below.
    const published = file.ads.find((entry: { id: string }) => entry.id === ad.id);
    expect(published).toMatchObject({ published: true, content: { title: { fr: 'Cuisine commerciale à Rosemont' } } });
    expect(published.pictures[0].urls[0]).toContain(picture);
    expect(file.alerts).toEqual([expect.objectContaining({ id: alert.id, email: person.email })]);
    expect(file.favourites).toEqual([expect.objectContaining({ adId: conversation.adId })]);
    const asked = file.conversations.find((c: { id: string }) => c.id === conversation.id);
    expect(asked.otherParticipant).toEqual({ id: other.id, publicName: 'Traiteur du Plateau' });
    expect(asked.messages.map((m: { body: string; fromMe: boolean }) => [m.fromMe, m.body])).toContainEqual([
      false,
      'Oui, elle est libre mardi.',
    ]);
    expect(file.contracts.map((c: { id: string }) => c.id)).toEqual(expect.arrayContaining([rental.id, review.id.split('.')[0]]));
    expect(file.ratings.received).toEqual([expect.objectContaining({ contractId: review.id.split('.')[0], comment: 'Très bien.' })]);
    expect(file.consents.termsAccepted).toHaveLength(1);
    expect(file.files.uploads).toEqual([expect.objectContaining({ id: picture, purpose: 'PUBLIC_IMAGE' })]);

    // Nobody else's private data: not the other party's address, phone, surname or e-mail, nor their blind rating.
    for (const secret of [other.email, other.lastName, '+15145559876', '99, rue Cachée', 'Commentaire encore caché']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(person.passwordHash!);
  });

  it('is offered again for a day with a new link, then its file is deleted', async () => {
    const person = await givenUser();
    const made = await exportOf(person);
    expect(existsSync(join(storeDir, new URL(made.url).pathname))).toBe(true);
    const listed = (await call('Query.myDataExports', {}, asUser(person))) as DataExport[];
    expect(listed).toEqual([expect.objectContaining({ id: made.id, url: expect.stringContaining('signature=') })]);

    clock.advance(DATA_EXPORT_HOURS * 3_600_000 + 60_000);
    expect(await call('Query.myDataExports', {}, asUser(person))).toEqual([]);
    expect(await runDuePrivacyJobs()).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(storeDir, new URL(made.url).pathname))).toBe(false);
  });

  it('says what it is in the language of the person it is about, even made by an administrator, with the privacy page in it', async () => {
    const aboutOf = async (dataExport: DataExport) => (JSON.parse(await fileOf(dataExport)) as { about: unknown }).about;
    const french = await givenUser({ language: 'fr' });
    expect(await aboutOf(await exportOf(french))).toBe(
      `Toutes les données que Partage conserve à votre sujet, à la date de generatedAt. Le fichier est supprimé ${DATA_EXPORT_HOURS} h après sa création. Ce qui est conservé après la suppression d'un compte, et pourquoi : ${TEST_PUBLIC_URL}/confidentialite?lang=fr`,
    );
    const english = await givenUser({ language: 'en' });
    const madeForThem = (await call(
      'Mutation.adminExportUserData',
      { input: { userId: english.id, reason: 'Courriel du 4 juin' } },
      asUser(administrator),
    )) as DataExport;
    expect(await aboutOf(madeForThem)).toBe(
      `Everything Partage keeps about you, as of generatedAt. The file is deleted ${DATA_EXPORT_HOURS} h after it was made. What is kept after an account's deletion, and why: ${TEST_PUBLIC_URL}/confidentialite?lang=en`,
    );
  });

  it('is made for a user by an administrator on request, and both are logged', async () => {
    const person = await givenUser();
    await exportOf(person);
    clock.advance(1_000);
    const made = (await call(
      'Mutation.adminExportUserData',
      { input: { userId: person.id, reason: 'Courriel du 3 juin' } },
      asUser(administrator),
    )) as DataExport;
    expect(made.userId).toBe(person.id);
    const lines = (await requestLog()).items.filter((line) => line.subjectId === person.id);
    expect(lines).toEqual([
      expect.objectContaining({
        kind: 'EXPORT',
        status: 'DONE',
        byAdministrator: true,
        requestedById: administrator.id,
        reason: 'Courriel du 3 juin',
      }),
      expect.objectContaining({
        kind: 'EXPORT',
        status: 'DONE',
        byAdministrator: false,
        requestedById: person.id,
        subjectName: person.publicName,
      }),
    ]);
  });
});

describe('account deletion', () => {
  it('asks for the password again', async () => {
    const person = await givenUser();
    expect(errorCodeOf(await deleteAccount(person, 'Not-The-Password-1'))).toBe('INCORRECT_PASSWORD');
    expect((await getUser(person.id))?.lockedOut).toBe(false);
  });

  it('takes the account away and keeps what others need, anonymised; the address may sign up again', async () => {
    const { person, other, ad, picture, alert, conversation } = await givenActivePerson();
    const proposal = await givenContract(person, other);
    // A rental paid and paid out long ago: its receipts name the person's organisation.
    const paidRental = await givenEndedContract(person, other);
    const paid = (await getContract(paidRental.id))!;
    await replaceContract(paid, {
      ...paid,
      payment: { sessionId: 'cs_1', paymentIntentId: 'pi_1', amountCents: 25_000, paidAt: paid.createdAt },
    });
    const review = await givenPublishedReview(person);

    expect(await deleteAccount(person)).toBe(true);

    // What is left of the account: no personal data, locked, its address free.
    const remains = (await getUser(person.id))!;
    expect(remains).toMatchObject({ email: '', firstName: '', lastName: '', publicName: DELETED_ACCOUNT_NAME, lockedOut: true });
    expect(remains.deletedAt).toBeDefined();
    expect(remains.organizationName).toBe(person.organizationName);
    expect(remains).not.toHaveProperty('phoneNumber');
    expect(remains).not.toHaveProperty('address');
    expect(remains).not.toHaveProperty('passwordHash');
    const { Items: partition = [] } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `USER#${person.id}` },
      }),
    );
    expect(new Set(partition.map((item) => String(item.SK).replace(/#.*/, '#')))).toEqual(new Set(['USER', 'CONV#', 'BLOCK#']));
    expect((await tokenLogin(randomUUID())(person.email)).statusCode).toBe(401);

    // Ads gone with their pictures and their place in the search; the alert deleted; the proposal cancelled.
    expect(await getAd(ad.id)).toBeUndefined();
    expect(await getSearchEntry(ad.id)).toBeUndefined();
    expect(await getFile(picture)).toBeNull();
    expect(existsSync(join(storeDir, 'files', 'public', picture))).toBe(false);
    expect((await getAlert(alert.id))?.deletedAt ?? 'gone').toBeTruthy();
    expect((await getContract(proposal.id))?.status).toBe('CANCELLED');

    // The other party keeps the conversation, with the person shown as deleted, and can no longer write.
    const view = (await chat(resolverEvent('Query.conversation', { id: conversation.id }, asUser(other)))) as {
      participants: { userId: string; publicName: string }[];
      canWrite: boolean;
    };
    expect(view.participants.find((p) => p.userId === person.id)?.publicName).toBe(DELETED_ACCOUNT_NAME);
    expect(view.canWrite).toBe(false);
    const messages = (await chat(resolverEvent('Query.conversationMessages', { conversationId: conversation.id }, asUser(other)))) as {
      items: { body: string }[];
    };
    expect(messages.items.map((m) => m.body)).toContain('Oui, elle est libre mardi.');
    expect(errorCodeOf(await send(other, conversation.id, 'Toujours là ?'))).toBe('USER_BLOCKED');

    // Contracts kept for the other party, the organisation named where receipts need it.
    const contract = (await contracts(resolverEvent('Query.contract', { id: paidRental.id }, asUser(other)))) as {
      tenant: { publicName: string; organizationName: string | null };
    };
    expect(contract.tenant).toEqual({ userId: person.id, publicName: DELETED_ACCOUNT_NAME, organizationName: person.organizationName });

    // The person's rating of the tenant stays on the tenant's profile, its author shown as deleted.
    const tenantId = (await getContract(review.id.split('.')[0]!))!.tenantId;
    const reviews = (await ratings(resolverEvent('Query.userReviews', { userId: tenantId }, asUser(other)))) as {
      items: { authorName: string }[];
    };
    expect(reviews.items.map((item) => item.authorName)).toEqual([DELETED_ACCOUNT_NAME]);

    // Gone for administrators and other users.
    expect(errorCodeOf(await admin(resolverEvent('Query.user', { id: person.id }, asUser(administrator))))).toBe('NOT_FOUND');
    expect(errorCodeOf(await accounts(resolverEvent('Query.publicProfile', { id: person.id }, asUser(other))))).toBe('NOT_FOUND');

    // The address signs up again, as a new account.
    const again = (await accounts(
      resolverEvent('Mutation.createUserAccount', { input: signUpInput({ email: person.email }) }, ANONYMOUS, newSourceAddress()),
    )) as { id: string };
    expect((await findUserByEmail(person.email))?.id).toBe(again.id);
    expect(again.id).not.toBe(person.id);

    const [line] = (await requestLog()).items.filter((entry) => entry.subjectId === person.id);
    expect(line).toMatchObject({ kind: 'DELETION', status: 'DONE', byAdministrator: false, subjectName: DELETED_ACCOUNT_NAME });
  });

  it('is refused while a contract still moves money, and says so', async () => {
    const tenant = await givenUser();
    const { owner } = await givenPaidContract(tenant);
    for (const party of [tenant, owner]) {
      expect(errorCodeOf(await deleteAccount(party))).toBe('ACCOUNT_HAS_ACTIVE_CONTRACTS');
      expect(await getUser(party.id)).toMatchObject({ lockedOut: false, email: party.email });
    }
    const [line] = (await requestLog()).items.filter((entry) => entry.subjectId === tenant.id);
    expect(line).toMatchObject({ kind: 'DELETION', status: 'REFUSED' });
  });

  it('is finished by its job after a run that died half-way', async () => {
    const { person, ad } = await givenActivePerson();
    const real = fileStorePort.fileStore();
    vi.spyOn(fileStorePort, 'fileStore').mockReturnValue({
      ...real,
      delete: async () => {
        throw new Error('Lambda timed out');
      },
    });
    await expect(deleteAccount(person)).rejects.toThrow('Lambda timed out');
    vi.restoreAllMocks();

    // Half-way: locked out already, not deleted yet, its job pending.
    expect(await getUser(person.id)).toMatchObject({ lockedOut: true, email: person.email });
    expect((await tokenLogin(randomUUID())(person.email)).statusCode).toBe(403);
    expect((await getUser(person.id))?.deletedAt).toBeUndefined();
    expect(await getAd(ad.id)).toBeDefined();

    clock.advance(16 * 60_000);
    expect(await runDuePrivacyJobs()).toBe(1);
    expect((await getUser(person.id))?.deletedAt).toBeDefined();
    expect(await getAd(ad.id)).toBeUndefined();
    expect(await findUserByEmail(person.email)).toBeUndefined();
    // Run again (a duplicate fire, an administrator asking again): nothing more to do.
    await privacyJobs({ job: 'account-deletion', scheduledAt: now().toISOString(), payload: { userId: person.id } });
    expect(
      errorCodeOf(await call('Mutation.adminDeleteUser', { input: { userId: person.id, reason: 'Again' } }, asUser(administrator))),
    ).toBe('NOT_FOUND');
  });

  it('is done by an administrator on request, for users only', async () => {
    const person = await givenUser();
    const otherAdmin = await givenUser({ role: 'ADMIN' });
    expect(
      errorCodeOf(await call('Mutation.adminDeleteUser', { input: { userId: otherAdmin.id, reason: 'No' } }, asUser(administrator))),
    ).toBe('UNAUTHORIZED_ACCESS');
    expect(
      await call('Mutation.adminDeleteUser', { input: { userId: person.id, reason: 'Lettre reçue le 2 juin' } }, asUser(administrator)),
    ).toBe(true);
    expect((await getUser(person.id))?.deletedAt).toBeDefined();
    const [line] = (await requestLog()).items.filter((entry) => entry.subjectId === person.id);
    expect(line).toMatchObject({ kind: 'DELETION', status: 'DONE', byAdministrator: true, requestedByName: administrator.publicName });
  });
});

describe('who may ask', () => {
  it('lets a person act on their own data only, and administrators on anyone on request', async () => {
    const [person, other] = await Promise.all([givenUser(), givenUser()]);
    const request = { input: { userId: other.id, reason: 'Demande' } };
    expect(errorCodeOf(await call('Mutation.requestMyDataExport', {}, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Mutation.deleteMyAccount', { input: { password: TEST_PASSWORD } }, ANONYMOUS))).toBe(
      'UNAUTHORIZED_ACCESS',
    );
    expect(errorCodeOf(await call('Mutation.adminExportUserData', request, asUser(person)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Mutation.adminDeleteUser', request, asUser(person)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await call('Query.privacyRequests', {}, asUser(person)))).toBe('UNAUTHORIZED_ACCESS');
    // An administrator's own account is not deleted this way.
    expect(errorCodeOf(await call('Mutation.deleteMyAccount', { input: { password: TEST_PASSWORD } }, asUser(administrator)))).toBe(
      'UNAUTHORIZED_ACCESS',
    );
    // The other person's exports are not the caller's: each lists their own.
    await exportOf(other);
    expect(await call('Query.myDataExports', {}, asUser(person))).toEqual([]);
    expect(await getUser(other.id)).toMatchObject({ lockedOut: false });
  });

  it('needs the administrator to say how the person asked', async () => {
    const person = await givenUser();
    const refused = await call('Mutation.adminDeleteUser', { input: { userId: person.id, reason: '  ' } }, asUser(administrator));
    expect(errorCodeOf(refused)).toBe('VALIDATION_FAILED');
    expect(await getUser(person.id)).toMatchObject({ lockedOut: false });
  });
});
