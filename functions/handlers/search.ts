// Resolvers of the ad search (functions/domain/search): for anyone, visitors included.

import type { QuerySearchAdsArgs } from '@partage/graphql';
import type { Identity } from '../domain/identity';
import { enforceRateLimit } from '../domain/rate-limits';
import { searchAds } from '../domain/search/ad-search';
import { resolverHandler, sourceAddressOf, type FieldMap, type ResolverEvent } from './shared/resolver';
import { observed } from './shared/observed';

export const searchFields = {
  // Public, and asked as the map moves: limited per account when signed in, else per source address.
  'Query.searchAds': async (args: QuerySearchAdsArgs, identity: Identity, event: ResolverEvent) => {
    await enforceRateLimit('searchAds', identity.userId || sourceAddressOf(event));
    return searchAds(args);
  },
} satisfies FieldMap;

export const handler = observed('search', resolverHandler(searchFields));
