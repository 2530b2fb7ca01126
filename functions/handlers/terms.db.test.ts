import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_TERMS_DOCUMENTS, type TermsVersion, type TermsVersionAcceptancePage, type UploadTicket } from '@partage/graphql';
import { fileStore } from '../adapters/file-store';
import type { UserRecord } from '../data/users';
import { manualClock, useClock } from '../domain/clock';
import type { Identity } from '../domain/identity';
import { INITIAL_TERMS_VERSION } from '../domain/accounts/terms';
import { fileKey } from '../domain/files/file-keys';
import {
  ANONYMOUS,
  asUser,
  errorCodeOf,
  givenStoredImage,
  givenUser,
  invalidFieldsOf,
  resolverEvent,
  TEST_PUBLIC_URL,
  useTestEnvironment,
} from '../testing/fixtures';
import { handler as accounts } from './accounts';
import { handler as admin } from './admin';
import { handler as files } from './files';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]);

let boss: UserRecord;

beforeAll(async () => {
  await useTestEnvironment();
  const storeDir = await mkdtemp(join(tmpdir(), 'terms-handler-'));
  Object.assign(process.env, { FILE_STORE_ADAPTER: 'local', FILE_STORE_DIR: storeDir, FILE_STORE_SECRET: 'test-file-store-secret' });
  boss = await givenUser({ role: 'ADMIN' });
});

let restoreClock: (() => void) | undefined;
afterEach(() => restoreClock?.());

/** A LEGAL_DOCUMENT through the upload flow: the form, the bytes where the form puts them, the check. */
async function uploadedLegalDocument(bytes: Uint8Array = PDF, identity: Identity = asUser(boss)): Promise<string> {
  const ticket = (await files(
    resolverEvent(
      'Mutation.requestUpload',
      { input: { purpose: 'LEGAL_DOCUMENT', contentType: 'application/pdf', size: bytes.length } },
      identity,
    ),
  )) as UploadTicket;
  await fileStore().put(fileKey('incoming', ticket.fileId), bytes, 'application/pdf');
  await files(resolverEvent('Mutation.confirmUpload', { fileId: ticket.fileId }, identity));
  return ticket.fileId;
}

async function fourPdfs() {
  const [termsFr, termsEn, privacyFr, privacyEn] = await Promise.all([1, 2, 3, 4].map(() => uploadedLegalDocument()));
  return { termsFr: termsFr!, termsEn: termsEn!, privacyFr: privacyFr!, privacyEn: privacyEn! };
}

const acceptTos = (tosVersion: string, identity: Identity) =>
  accounts(resolverEvent('Mutation.acceptTos', { input: { tosVersion } }, identity));
const publishWith = (input: Record<string, string>, identity: Identity = asUser(boss)) =>
  admin(resolverEvent('Mutation.publishTermsVersion', { input }, identity));
const publish = async (version: string, identity: Identity = asUser(boss)) => publishWith({ version, ...(await fourPdfs()) }, identity);
const termsVersion = (identity: Identity = ANONYMOUS) => accounts(resolverEvent('Query.termsVersion', {}, identity));
const versions = (identity: Identity = asUser(boss)) => admin(resolverEvent('Query.termsVersions', {}, identity));
const acceptances = (args: { version: string; limit?: number; nextToken?: string | null }, identity: Identity = asUser(boss)) =>
  admin(resolverEvent('Query.termsVersionAcceptances', args, identity));
const history = (identity: Identity, userId?: string) => accounts(resolverEvent('Query.tosHistory', { userId }, identity));
const acceptedTos = async (identity: Identity) =>
  ((await accounts(resolverEvent('Query.me', {}, identity))) as { profile: { acceptedTos: unknown } }).profile.acceptedTos;
const publicFile = (fileId: string) => `${TEST_PUBLIC_URL}/files/public/${fileId}`;

// The tests of this file share one table, hence one current version: they run in order.
describe('terms of service versions', () => {
  it('start at the initial version, with the bundled PDFs, which a user accepts once', async () => {
    const user = await givenUser({}, { termsAccepted: false });
    expect(await termsVersion()).toEqual({ version: INITIAL_TERMS_VERSION, publishedAt: null, documents: BUNDLED_TERMS_DOCUMENTS });
    expect(BUNDLED_TERMS_DOCUMENTS.termsFr).toBe('/legal/conditions-utilisation-fr.pdf');
    expect(await versions()).toEqual([{ version: INITIAL_TERMS_VERSION, publishedAt: null, documents: BUNDLED_TERMS_DOCUMENTS }]);
    expect(await acceptedTos(asUser(user))).toMatchObject({ hasAcceptedLatest: false });
    expect(await acceptTos(INITIAL_TERMS_VERSION, asUser(user))).toEqual({
      id: user.id,
      hasAcceptedLatest: true,
      latestVersionAvailable: INITIAL_TERMS_VERSION,
    });
    expect(await acceptTos(INITIAL_TERMS_VERSION, asUser(user))).toMatchObject({ hasAcceptedLatest: true });
    expect(await history(asUser(user))).toEqual([
      { version: INITIAL_TERMS_VERSION, acceptedAt: expect.any(String), documents: BUNDLED_TERMS_DOCUMENTS },
    ]);
  });

  it('are published with their four PDFs, made public, and block every user again until they accept', async () => {
    const user = await givenUser();
    await acceptTos(INITIAL_TERMS_VERSION, asUser(user));
    const pdfs = await fourPdfs();

    const published = (await publishWith({ version: ' 2026-06 ', ...pdfs })) as TermsVersion;
    expect(published).toEqual({
      version: '2026-06',
      publishedAt: expect.any(String),
      documents: {
        termsFr: publicFile(pdfs.termsFr),
        termsEn: publicFile(pdfs.termsEn),
        privacyFr: publicFile(pdfs.privacyFr),
        privacyEn: publicFile(pdfs.privacyEn),
      },
    });
    // Readable by anyone: the PDF is in the public area, as uploaded.
    expect(Buffer.from((await fileStore().peek(fileKey('public', pdfs.termsEn), 8))!.firstBytes).toString()).toBe('%PDF-1.7');
    expect(await termsVersion(ANONYMOUS)).toEqual(published);
    expect(await versions()).toEqual([published, expect.objectContaining({ version: INITIAL_TERMS_VERSION })]);
    expect(await acceptedTos(asUser(user))).toEqual({ id: user.id, hasAcceptedLatest: false, latestVersionAvailable: '2026-06' });

    expect(invalidFieldsOf(await acceptTos(INITIAL_TERMS_VERSION, asUser(user)))).toEqual(['input.tosVersion:oneOf']);
    expect(await acceptTos('2026-06', asUser(user))).toMatchObject({ hasAcceptedLatest: true, latestVersionAvailable: '2026-06' });

    // Each acceptance links to the PDFs of the version accepted.
    const accepted = (await history(asUser(user))) as { version: string }[];
    expect(accepted).toEqual([
      { version: '2026-06', acceptedAt: expect.any(String), documents: published.documents },
      { version: INITIAL_TERMS_VERSION, acceptedAt: expect.any(String), documents: BUNDLED_TERMS_DOCUMENTS },
    ]);
    expect(await history(asUser(boss), user.id)).toEqual(accepted);
  });

  it('refuse a label used before (the initial one too), a malformed or blank one, and change nothing', async () => {
    const current = await termsVersion();
    const pdfs = await fourPdfs();
    const { version } = current as { version: string };
    expect(invalidFieldsOf(await publishWith({ version, ...pdfs }))).toEqual(['input.version:termsVersionTaken']);
    expect(invalidFieldsOf(await publishWith({ version: INITIAL_TERMS_VERSION, ...pdfs }))).toEqual(['input.version:termsVersionTaken']);
    expect(invalidFieldsOf(await publishWith({ version: '2026#07', ...pdfs }))).toEqual(['input.version:termsVersion']);
    expect(invalidFieldsOf(await publishWith({ version: '  ', ...pdfs }))).toEqual(['input.version:required']);
    expect(await termsVersion()).toEqual(current);
    expect(((await versions()) as TermsVersion[]).map((v) => v.version)).toEqual([version, INITIAL_TERMS_VERSION]);
  });

  it('take PDFs uploaded as legal documents only', async () => {
    const pdfs = await fourPdfs();
    // Only administrators upload them, and only PDFs whose bytes are a PDF.
    const user = await givenUser();
    const request = (contentType: string, identity: Identity) =>
      files(resolverEvent('Mutation.requestUpload', { input: { purpose: 'LEGAL_DOCUMENT', contentType, size: 100 } }, identity));
    expect(errorCodeOf(await request('application/pdf', asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(invalidFieldsOf(await request('image/png', asUser(boss)))).toEqual(['input.contentType:fileType']);
    const ticket = (await request('application/pdf', asUser(boss))) as UploadTicket;
    await fileStore().put(fileKey('incoming', ticket.fileId), PNG_BYTES, 'application/pdf');
    expect(invalidFieldsOf(await files(resolverEvent('Mutation.confirmUpload', { fileId: ticket.fileId }, asUser(boss))))).toEqual([
      'file:fileContent',
    ]);

    const image = await givenStoredImage(boss, 480);
    expect(
      invalidFieldsOf(await publishWith({ version: '2026-08', ...pdfs, termsEn: image, privacyFr: ticket.fileId, privacyEn: 'nope' })),
    ).toEqual(['input.termsEn:fileType', 'input.privacyFr:required', 'input.privacyEn:required']);
    expect(invalidFieldsOf(await publishWith({ version: '2026-08', termsFr: pdfs.termsFr }))).toEqual([
      'input.termsEn:required',
      'input.privacyFr:required',
      'input.privacyEn:required',
    ]);
    expect(await versions()).not.toContainEqual(expect.objectContaining({ version: '2026-08' }));
  });

  it('are published by administrators only', async () => {
    const user = await givenUser();
    const { version } = (await termsVersion()) as { version: string };
    const pdfs = await fourPdfs();
    expect(errorCodeOf(await publishWith({ version: '2099-01', ...pdfs }, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await publishWith({ version: '2099-01', ...pdfs }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await versions(asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await acceptances({ version }, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await acceptances({ version }, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
    expect(await termsVersion()).toMatchObject({ version });
  });

  it('are accepted by USER accounts only', async () => {
    const { version } = (await termsVersion()) as { version: string };
    expect(errorCodeOf(await acceptTos(version, asUser(boss)))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await acceptTos(version, ANONYMOUS))).toBe('UNAUTHORIZED_ACCESS');
  });

  it('list, per version, who accepted it and when, latest first, a page at a time', async () => {
    const clock = manualClock('2030-03-01T12:00:00.000Z');
    restoreClock = useClock(clock);
    await publish('2030-03');
    const readers: UserRecord[] = [];
    for (const n of [1, 2, 3]) {
      const reader = await givenUser({ firstName: `Lectrice${n}`, organizationName: `Coop ${n}` }, { termsAccepted: false });
      clock.advance(60_000);
      await acceptTos('2030-03', asUser(reader));
      readers.push(reader);
    }
    const first = (await acceptances({ version: '2030-03', limit: 2 })) as TermsVersionAcceptancePage;
    expect(first.items).toEqual([
      {
        acceptedAt: '2030-03-01T12:03:00.000Z',
        user: expect.objectContaining({
          id: readers[2]!.id,
          email: readers[2]!.email,
          publicName: readers[2]!.publicName,
          organizationName: 'Coop 3',
        }),
      },
      { acceptedAt: '2030-03-01T12:02:00.000Z', user: expect.objectContaining({ id: readers[1]!.id }) },
    ]);
    const second = (await acceptances({ version: '2030-03', limit: 2, nextToken: first.nextToken })) as TermsVersionAcceptancePage;
    expect(second.items.map((item) => item.user.id)).toEqual([readers[0]!.id]);
    expect(second.nextToken).toBeNull();

    // The previous version's list is its own; a page token of another version's list is refused.
    const previous = (await acceptances({ version: '2026-06' })) as TermsVersionAcceptancePage;
    expect(previous.items.map((item) => item.user.id)).not.toContain(readers[0]!.id);
    expect(invalidFieldsOf(await acceptances({ version: '2026-06', nextToken: first.nextToken }))).toEqual(['nextToken:oneOf']);
    expect(await acceptances({ version: 'never-published' })).toEqual({ items: [], nextToken: null });
  });

  it('keep each user’s history to themself and the administrators', async () => {
    const user = await givenUser({}, { termsAccepted: false });
    const other = await givenUser();
    expect(errorCodeOf(await history(asUser(other), user.id))).toBe('UNAUTHORIZED_ACCESS');
    expect(errorCodeOf(await history(ANONYMOUS, user.id))).toBe('UNAUTHORIZED_ACCESS');
    expect(await history(asUser(user), user.id)).toEqual([]);
  });

  it('hold back every other mutation of a USER who has not accepted the current version, until they do', async () => {
    const user = await givenUser({}, { termsAccepted: false });
    const boss = await givenUser({ role: 'ADMIN' });
    const closeWelcome = (identity: Identity) =>
      accounts(resolverEvent('Mutation.updateFirstLoginModalClosed', { input: { firstLoginModalClosed: true } }, identity));
    const rename = (identity: Identity) =>
      accounts(resolverEvent('Mutation.updateUserProfile', { input: { userId: user.id, firstName: 'Renée' } }, identity));

    expect(errorCodeOf(await closeWelcome(asUser(user)))).toBe('TERMS_NOT_ACCEPTED');
    expect(errorCodeOf(await rename(asUser(user)))).toBe('TERMS_NOT_ACCEPTED');
    // Nothing was written; reading stays open, and administrators are not held back.
    expect(await acceptedTos(asUser(user))).toMatchObject({ hasAcceptedLatest: false });
    expect(await rename(asUser(boss))).toEqual({ id: user.id });
    expect(await closeWelcome(asUser(boss))).toMatchObject({ firstLoginModalClosed: true });

    const { version } = (await termsVersion()) as { version: string };
    expect(await acceptTos(version, asUser(user))).toMatchObject({ hasAcceptedLatest: true });
    expect(await closeWelcome(asUser(user))).toMatchObject({ id: user.id, firstLoginModalClosed: true });
  });
});
