// Address autocomplete (graphql/schema/places.graphql).
import { graphql, type ResultOf } from '../api/documents';

export const PLACE_SUGGESTIONS = graphql(`
  query PlaceSuggestions($text: String!, $limit: Int) {
    placeSuggestions(text: $text, limit: $limit) {
      label
      address
      town
      postalCode
      latitude
      longitude
    }
  }
`);

export type PlaceSuggestion = ResultOf<typeof PLACE_SUGGESTIONS>['placeSuggestions'][number];
