// Resolvers of the places capability: address autocomplete, for anyone (alerts are created
// anonymously), through the places port (Amazon Location on AWS, the bundled gazetteer locally).

import type { QuerySearchPlacesArgs } from '@partage/graphql';
import { placeSearch } from '../adapters/places';
import type { Identity } from '../domain/identity';
import { placeSearchOptions } from '../domain/places/place-search-input';
import { enforceRateLimit } from '../domain/rate-limits';
import { resolverHandler, sourceAddressOf, type FieldMap, type ResolverEvent } from './shared/resolver';
import { observed } from './shared/observed';

export const placesFields = {
  // Public and asked at each keystroke: limited per source address, and per account when signed in
  // (an office behind one address shares the first, not the second).
  'Query.searchPlaces': async (args: QuerySearchPlacesArgs, identity: Identity, event: ResolverEvent) => {
    await enforceRateLimit('searchPlaces', identity.userId || sourceAddressOf(event));
    return placeSearch().search(args.text, placeSearchOptions(args));
  },
} satisfies FieldMap;

export const handler = observed('places', resolverHandler(placesFields));
