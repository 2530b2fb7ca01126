// Terms of service. The current version is an item (so publishing new terms is one write); until
// one exists, the first version applies. USER accounts accept each version; the acceptances are kept.

import {
  AppError,
  BUNDLED_TERMS_DOCUMENTS,
  assertValid,
  required,
  termsVersionLabel,
  type AcceptedTos,
  TERMS_ACCEPTANCES_PAGE,
  type PublishTermsVersionInput,
  type QueryTermsVersionAcceptancesArgs,
  type TermsVersionAcceptancePage,
  type RuleResult,
  type TermsDocuments,
  type TermsVersion,
  type TosAcceptance,
} from '@partage/graphql';
import { getFiles } from '../../data/files';
import {
  getCurrentTerms,
  hasAcceptedTerms,
  listPublishedTerms,
  listTermsAcceptances,
  publishTerms,
  recordTermsAcceptance,
  usersWhoAccepted,
  versionAcceptances,
  type TermsDocumentFiles,
  type TermsRecord,
} from '../../data/terms';
import { getUsers } from '../../data/user-directory';
import { now } from '../clock';
import { publicFileUrl } from '../files/uploads';
import { summaryOf } from './user-directory';

export const INITIAL_TERMS_VERSION = '2026-01';

type DocumentField = keyof TermsDocuments;
const DOCUMENT_FIELDS: readonly DocumentField[] = ['termsFr', 'termsEn', 'privacyFr', 'privacyEn'];
const byDocument = <T>(value: (field: DocumentField) => T): Record<DocumentField, T> => ({
  termsFr: value('termsFr'),
  termsEn: value('termsEn'),
  privacyFr: value('privacyFr'),
  privacyEn: value('privacyEn'),
});

/** A version as the API answers it: its PDFs' public URLs, or the bundled ones for the initial version. */
function termsVersionOf(terms: TermsRecord | undefined): TermsVersion {
  const files = terms?.documents;
  return {
    version: terms?.version ?? INITIAL_TERMS_VERSION,
    publishedAt: terms?.publishedAt ?? null,
    documents: files ? byDocument((field) => publicFileUrl(files[field])) : BUNDLED_TERMS_DOCUMENTS,
  };
}

export async function currentTermsVersion(): Promise<TermsVersion> {
  return termsVersionOf(await getCurrentTerms());
}

/** Every version, newest first; the initial one (never published through the API) last. */
export async function termsVersions(): Promise<TermsVersion[]> {
  return [...(await listPublishedTerms()).map(termsVersionOf), termsVersionOf(undefined)];
}

export async function latestTermsVersion(): Promise<string> {
  return (await currentTermsVersion()).version;
}

/** The acceptance state shown on a USER profile (its id is the profile's). */
export async function acceptedTosOf(userId: string): Promise<AcceptedTos> {
  const latestVersionAvailable = await latestTermsVersion();
  return { id: userId, hasAcceptedLatest: await hasAcceptedTerms(userId, latestVersionAvailable), latestVersionAvailable };
}

/** The acceptance states of many USER accounts at once (a page of the user list): two reads, not one per user. */
export async function acceptedTosOfMany(userIds: string[]): Promise<AcceptedTos[]> {
  const latestVersionAvailable = await latestTermsVersion();
  const accepted = await usersWhoAccepted(userIds, latestVersionAvailable);
  return userIds.map((id) => ({ id, hasAcceptedLatest: accepted.has(id), latestVersionAvailable }));
}

/** Only the current version can be accepted: the user accepts what the modal showed them. */
export async function acceptTos(userId: string, tosVersion: string): Promise<AcceptedTos> {
  const latest = await latestTermsVersion();
  assertValid([['input.tosVersion', required(tosVersion) ?? (tosVersion === latest ? null : 'oneOf')]]);
  await recordTermsAcceptance(userId, latest, now().toISOString());
  return acceptedTosOf(userId);
}

/**
 * From now on every USER has to accept the new version before going on. Its label is new (the
 * initial one included) and each of its four documents is a stored LEGAL_DOCUMENT (a PDF, checked by
 * its bytes at upload, already in the public area).
 */
export async function publishTermsVersion(input: PublishTermsVersionInput): Promise<TermsVersion> {
  const version = input.version?.trim();
  const fileIds: TermsDocumentFiles = byDocument((field) => input[field]?.trim() ?? '');
  assertValid([
    ['input.version', termsVersionLabel(version)],
    ...DOCUMENT_FIELDS.map((field): [string, RuleResult] => [`input.${field}`, required(fileIds[field])]),
  ]);
  const files = new Map((await getFiles(Object.values(fileIds))).map((file) => [file.id, file]));
  assertValid(
    DOCUMENT_FIELDS.map((field): [string, RuleResult] => {
      const file = files.get(fileIds[field]);
      if (!file || file.status !== 'STORED') return [`input.${field}`, 'required'];
      return [`input.${field}`, file.purpose === 'LEGAL_DOCUMENT' && file.contentType === 'application/pdf' ? null : 'fileType'];
    }),
  );
  const terms = { version, publishedAt: now().toISOString(), documents: fileIds };
  // The initial version has no item of its own, hence the first comparison.
  if (version === INITIAL_TERMS_VERSION || !(await publishTerms(terms))) {
    throw new AppError('VALIDATION_FAILED', `${version} was published before`, [{ path: 'input.version', rule: 'termsVersionTaken' }]);
  }
  return termsVersionOf(terms);
}

/** TERMS_NOT_ACCEPTED until the user has accepted the current version (the web app then shows the terms). */
export async function requireLatestTermsAccepted(userId: string): Promise<void> {
  if (!(await hasAcceptedTerms(userId, await latestTermsVersion()))) {
    throw new AppError('TERMS_NOT_ACCEPTED', 'Accept the latest terms of service first.');
  }
}

/** Who accepted `version`, latest first, as rows of the user list; `limit` is brought within the page bounds. */
export async function termsVersionAcceptances({
  version,
  limit,
  nextToken,
}: QueryTermsVersionAcceptancesArgs): Promise<TermsVersionAcceptancePage> {
  const label = version?.trim();
  assertValid([['version', termsVersionLabel(label)]]);
  const size = Math.min(Math.max(Math.trunc(limit ?? TERMS_ACCEPTANCES_PAGE.default), 1), TERMS_ACCEPTANCES_PAGE.max);
  const page = await versionAcceptances(label, size, nextToken ?? undefined);
  const users = new Map((await getUsers(page.acceptances.map((acceptance) => acceptance.userId))).map((user) => [user.id, user]));
  return {
    items: page.acceptances.flatMap(({ userId, acceptedAt }) => {
      const user = users.get(userId);
      return user ? [{ acceptedAt, user: summaryOf(user) }] : [];
    }),
    nextToken: page.nextToken ?? null,
  };
}

/** The versions a user accepted, newest first, each with its PDFs (two reads: the acceptances, the versions). */
export async function tosHistory(userId: string): Promise<TosAcceptance[]> {
  const [acceptances, versions] = await Promise.all([listTermsAcceptances(userId), termsVersions()]);
  const documents = new Map(versions.map((version) => [version.version, version.documents]));
  // Only the initial version has no item (and a version published before versions kept their PDFs: the bundled ones are the best known).
  return acceptances.map((acceptance) => ({ ...acceptance, documents: documents.get(acceptance.version) ?? BUNDLED_TERMS_DOCUMENTS }));
}
