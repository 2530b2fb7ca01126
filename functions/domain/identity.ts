// Who is calling, as the authorizer established it. Every resolver checks it itself (DESIGN.md: the
// SPA's route guards are convenience, never security).

import { AppError, type UserType } from '@partage/graphql';

export interface Identity {
  /** '' for anonymous visitors. */
  userId: string;
  role: UserType;
  /** The refresh-token family of the caller's session, when their token names one. */
  sessionId?: string;
}

export const SIGNED_IN: readonly UserType[] = ['USER', 'ADMIN'];
export const USER_ONLY: readonly UserType[] = ['USER'];
export const ADMIN_ONLY: readonly UserType[] = ['ADMIN'];

export const unauthorized = () => new AppError('UNAUTHORIZED_ACCESS', 'You are not authorized to perform this operation.');

/** The caller's user id, if their role is one of `roles`; UNAUTHORIZED_ACCESS otherwise. */
export function requireRole(identity: Identity, roles: readonly UserType[]): string {
  if (!roles.includes(identity.role) || !identity.userId) throw unauthorized();
  return identity.userId;
}

/** For what only visitors who are not signed in do (sign up). */
export function requireAnonymous(identity: Identity): void {
  if (identity.role !== 'ANONYME') throw unauthorized();
}

/** The caller's user id, if they may act on `userId`'s data: their own, or anyone's for an ADMIN. */
export function requireSelfOrAdmin(identity: Identity, userId: string): string {
  const callerId = requireRole(identity, SIGNED_IN);
  if (identity.role !== 'ADMIN' && userId !== callerId) throw unauthorized();
  return callerId;
}
