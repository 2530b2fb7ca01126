// What administrators read about users (/gestion-utilisateurs and its edit screen), and the public
// profile any signed-in user may read.

import {
  USERS_PAGE_DEFAULT_LIMIT,
  USERS_PAGE_MAX_LIMIT,
  type PublicProfileSource,
  type QueryUsersArgs,
  type UserDetail,
  type UserPage,
  type UserSummary,
} from '@partage/graphql';
import { listUsers, normalizeSearchText, searchUsers } from '../../data/user-directory';
import type { UserRecord } from '../../data/users';
import { existingUser } from './existing-user';
import { getReputations } from '../../data/ratings';
import { profileOf, publicProfileOf } from './profile-view';

/** A row of the user list (also of a terms version's acceptances). */
export const summaryOf = (user: UserRecord): UserSummary => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  publicName: user.publicName,
  type: user.role,
  emailConfirmed: user.emailConfirmed,
  lockedOut: user.lockedOut,
  createdAt: user.createdAt,
  organizationName: user.organizationName ?? null,
});

/** Newest first, or the matches of a search; `limit` is brought within 1–USERS_PAGE_MAX_LIMIT. */
export async function userPage({ search, limit, nextToken }: QueryUsersArgs): Promise<UserPage> {
  const size = Math.min(Math.max(Math.trunc(limit ?? USERS_PAGE_DEFAULT_LIMIT), 1), USERS_PAGE_MAX_LIMIT);
  const term = normalizeSearchText(search ?? '');
  const page = term ? await searchUsers(term, size, nextToken ?? undefined) : await listUsers(size, nextToken ?? undefined);
  return { items: page.users.map(summaryOf), nextToken: page.nextToken ?? null };
}

export async function userDetail(userId: string): Promise<UserDetail> {
  const user = await existingUser(userId);
  return {
    id: user.id,
    email: user.email,
    type: user.role,
    emailConfirmed: user.emailConfirmed,
    lockedOut: user.lockedOut,
    failedLogins: user.failedLogins,
    hasPassword: user.passwordHash !== undefined,
    createdAt: user.createdAt,
    profile: await profileOf(user),
  };
}

export async function publicProfile(userId: string): Promise<PublicProfileSource> {
  // The transactions are counted at each payout, on the user's reputation (functions/data/ratings.ts).
  const [user, reputations] = await Promise.all([existingUser(userId), getReputations([userId])]);
  return publicProfileOf(user, reputations.get(userId)!.transactionsCount);
}
