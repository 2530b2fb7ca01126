// Terms of service. The current version is an item (so publishing new terms is one write); until
// one exists, the first version applies. USER accounts accept each version; the acceptances are kept.

import { AppError, assertValid, maxLength, required, type AcceptedTos, type TermsVersion, type TosAcceptance } from '@partage/graphql';
import {
  getCurrentTerms,
  hasAcceptedTerms,
  listTermsAcceptances,
  publishTerms,
  recordTermsAcceptance,
  usersWhoAccepted,
} from '../../data/terms';
import { now } from '../clock';

export const INITIAL_TERMS_VERSION = '2026-01';

export async function currentTermsVersion(): Promise<TermsVersion> {
  const terms = await getCurrentTerms();
  return { version: terms?.version ?? INITIAL_TERMS_VERSION, publishedAt: terms?.publishedAt ?? null };
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

/** From now on every USER has to accept `version` before going on. NO_CHANGE if it is already current. */
export async function publishTermsVersion(version: string): Promise<TermsVersion> {
  const trimmed = version?.trim();
  assertValid([['input.version', required(trimmed) ?? maxLength(50)(trimmed)]]);
  const terms = { version: trimmed, publishedAt: now().toISOString() };
  // The initial version is current without an item, hence the first comparison.
  if (trimmed === (await latestTermsVersion()) || !(await publishTerms(terms)))
    throw new AppError('NO_CHANGE', `${trimmed} is already the current version`);
  return terms;
}

/** TERMS_NOT_ACCEPTED until the user has accepted the current version (the web app then shows the terms). */
export async function requireLatestTermsAccepted(userId: string): Promise<void> {
  if (!(await hasAcceptedTerms(userId, await latestTermsVersion()))) {
    throw new AppError('TERMS_NOT_ACCEPTED', 'Accept the latest terms of service first.');
  }
}

export const tosHistory = (userId: string): Promise<TosAcceptance[]> => listTermsAcceptances(userId);
