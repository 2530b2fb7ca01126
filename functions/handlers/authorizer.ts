// AppSync Lambda authorizer: verifies the token and that its session still stands, and passes the
// identity on; the resolvers decide what that identity may do.

import type { AppSyncAuthorizerEvent, AppSyncAuthorizerResult } from 'aws-lambda';
import { ANONYMOUS_TOKEN, type UserType } from '@partage/graphql';
import { activeSessionClaims } from '../domain/accounts/sessions';
import { epochSeconds } from '../domain/clock';
import { observed } from './shared/observed';

/** What every resolver receives as `identity.resolverContext`. */
export type ResolverContext = { userId: string; role: UserType; sessionId: string };

/**
 * AppSync caches a decision per token, never beyond the token's own expiry; a revoked session (logout,
 * password changed or reset, account locked) is refused at most this long after (CDK resultsCacheTtl
 * matches; the local host keeps no cache and refuses at once).
 */
export const MAX_CACHE_SECONDS = 60;

export const handler = observed('authorizer', async (event: AppSyncAuthorizerEvent): Promise<AppSyncAuthorizerResult<ResolverContext>> => {
  const header = (event.authorizationToken ?? '').trim();
  if (header === ANONYMOUS_TOKEN) {
    return { isAuthorized: true, resolverContext: { userId: '', role: 'ANONYME', sessionId: '' }, ttlOverride: MAX_CACHE_SECONDS };
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  try {
    if (!match) throw new Error('Not a bearer token');
    const { userId, role, sessionId, expiresAt } = await activeSessionClaims(match[1]!);
    const ttlOverride = Math.max(0, Math.min(MAX_CACHE_SECONDS, expiresAt - epochSeconds()));
    return { isAuthorized: true, resolverContext: { userId, role, sessionId }, ttlOverride };
  } catch {
    return { isAuthorized: false, ttlOverride: 0 };
  }
});
