// Resolvers of the favourites (functions/domain/favourites): each use case checks the caller's role first.

import type { MutationAddFavouriteArgs, MutationRemoveFavouriteArgs, QueryMyFavouritesArgs } from '@partage/graphql';
import { addFavourite, myFavouriteAdIds, myFavourites, removeFavourite } from '../domain/favourites/favourites';
import type { Identity } from '../domain/identity';
import { resolverHandler, type FieldMap } from './shared/resolver';
import { observed } from './shared/observed';

export const favouritesFields = {
  'Query.myFavourites': (args: QueryMyFavouritesArgs, identity: Identity) => myFavourites(identity, args),
  'Query.myFavouriteAdIds': (_args: Record<string, never>, identity: Identity) => myFavouriteAdIds(identity),
  'Mutation.addFavourite': ({ adId }: MutationAddFavouriteArgs, identity: Identity) => addFavourite(identity, adId),
  'Mutation.removeFavourite': ({ adId }: MutationRemoveFavouriteArgs, identity: Identity) => removeFavourite(identity, adId),
} satisfies FieldMap;

export const handler = observed('favourites', resolverHandler(favouritesFields));
