// Resolvers of the places capability: address autocomplete, for anyone (alerts are created
// anonymously), from place data bundled with the Lambda.

import type { QuerySearchPlacesArgs } from '@partage/graphql';
import type { Identity } from '../domain/identity';
import { searchPlaces } from '../domain/places/place-suggestions';
import { enforceRateLimit } from '../domain/rate-limits';
import { resolverHandler, sourceAddressOf, type FieldMap, type ResolverEvent } from './shared/resolver';

export const placesFields = {
  // Public and asked at each keystroke: limited per source address, and per account when signed in
  // (an office behind one address shares the first, not the second).
  'Query.searchPlaces': async ({ text, limit }: QuerySearchPlacesArgs, identity: Identity, event: ResolverEvent) => {
    await enforceRateLimit('searchPlaces', identity.userId || sourceAddressOf(event));
    return searchPlaces(text, limit);
  },
} satisfies FieldMap;

export const handler = resolverHandler(placesFields);
