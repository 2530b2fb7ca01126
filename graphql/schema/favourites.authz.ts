// Who may call each root field of favourites.graphql (see authz.ts): every signed-in user keeps their
// own favourites; a favourite names an ad, never another user.

import { SIGNED_IN, type AuthzTable } from './authz';

export const authz: AuthzTable = {
  'Query.myFavourites': SIGNED_IN,
  'Query.myFavouriteAdIds': SIGNED_IN,
  'Mutation.addFavourite': SIGNED_IN,
  'Mutation.removeFavourite': SIGNED_IN,
};
