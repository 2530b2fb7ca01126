// Address autocomplete (graphql/schema/places.graphql).
import { graphql, type ResultOf } from '../api/documents';

export const PLACE_SUGGESTIONS = graphql(`
  query SearchPlaces($text: String!, $limit: Int, $language: ContentLanguage) {
    searchPlaces(text: $text, limit: $limit, language: $language) {
      label
      address
      town
      postalCode
      latitude
      longitude
    }
  }
`);

export type PlaceSuggestion = ResultOf<typeof PLACE_SUGGESTIONS>['searchPlaces'][number];
