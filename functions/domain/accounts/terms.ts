// Terms of service. The current version is an item (so publishing new terms is one write); until
// one exists, the first version applies.

import type { AcceptedTos } from '@partage/graphql';
import { getCurrentTermsVersion, hasAcceptedTerms } from '../../data/terms';

export const INITIAL_TERMS_VERSION = '2026-01';

export async function latestTermsVersion(): Promise<string> {
  return (await getCurrentTermsVersion()) ?? INITIAL_TERMS_VERSION;
}

/** The acceptance state shown on a USER profile (its id is the profile's). */
export async function acceptedTosOf(userId: string): Promise<AcceptedTos> {
  const latestVersionAvailable = await latestTermsVersion();
  return { id: userId, hasAcceptedLatest: await hasAcceptedTerms(userId, latestVersionAvailable), latestVersionAvailable };
}
