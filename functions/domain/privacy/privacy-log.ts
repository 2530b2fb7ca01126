// The administrators' log of privacy requests (docs/privacy.md): every export and deletion, by the person
// or by an administrator on their request, newest first. The log keeps ids only: names are read as they
// are now, so a deleted account reads as deleted.

import { assertValid, DELETED_ACCOUNT_NAME, PRIVACY_REQUESTS_PAGE, type PrivacyRequestPage } from '@partage/graphql';
import { privacyRequestsPage } from '../../data/privacy';
import { getUsers } from '../../data/user-directory';
import { ADMIN_ONLY, requireRole, type Identity } from '../identity';

export async function privacyRequests(
  identity: Identity,
  { limit, nextToken }: { limit?: number | null; nextToken?: string | null },
): Promise<PrivacyRequestPage> {
  requireRole(identity, ADMIN_ONLY);
  const size = limit ?? PRIVACY_REQUESTS_PAGE.default;
  assertValid([['limit', Number.isInteger(size) && size >= 1 && size <= PRIVACY_REQUESTS_PAGE.max ? null : 'oneOf']]);
  const page = await privacyRequestsPage(size, nextToken);
  const people = await getUsers([...new Set(page.requests.flatMap((request) => [request.subjectId, request.requestedById]))]);
  const nameOf = (userId: string) => people.find((person) => person.id === userId)?.publicName ?? DELETED_ACCOUNT_NAME;
  return {
    items: page.requests.map(({ completedAt: _completedAt, ...request }) => ({
      ...request,
      subjectName: nameOf(request.subjectId),
      requestedByName: nameOf(request.requestedById),
    })),
    nextToken: page.nextToken,
  };
}
