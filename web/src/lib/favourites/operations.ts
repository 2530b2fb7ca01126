// The favourites API (graphql/schema/favourites.graphql) as the hearts and /favoris use it (docs/favourites.md).
// Here rather than in the favourites page's feature: every list of ads shows hearts.
import { graphql } from '../api/documents';
import { AD_SUMMARY_FIELDS } from '../ads/fragments';

/** Every id the caller saved: one query the hearts of any page read (no query per ad). */
export const MY_FAVOURITE_AD_IDS = graphql(`
  query MyFavouriteAdIds {
    myFavouriteAdIds
  }
`);

export const MY_FAVOURITES = graphql(
  `
    query MyFavourites($limit: Int, $nextToken: String) {
      myFavourites(limit: $limit, nextToken: $nextToken) {
        items {
          adId
          savedAt
          title {
            fr
            en
          }
          ad {
            ...AdSummaryFields
          }
        }
        nextToken
      }
    }
  `,
  [AD_SUMMARY_FIELDS],
);

export const ADD_FAVOURITE = graphql(`
  mutation AddFavourite($adId: ID!) {
    addFavourite(adId: $adId)
  }
`);

export const REMOVE_FAVOURITE = graphql(`
  mutation RemoveFavourite($adId: ID!) {
    removeFavourite(adId: $adId)
  }
`);
