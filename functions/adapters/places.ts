// The places port (address autocomplete, Query.searchPlaces): the places matching what is typed, named
// in the reader's language. Chosen once from PLACES_ADAPTER: `amazon-location` asks the Amazon Location
// Service place index PLACE_INDEX_NAME; `gazetteer` answers from the Quebec place data of
// functions/domain/places, on the local host and in tests (registered by the local host: local-adapters.ts).

import { chosenOnce } from './chosen-once';
import { LocationClient } from '@aws-sdk/client-location';
import type { PlaceSuggestion } from '@partage/graphql';
import type { PlaceSearchOptions } from '../domain/places/place-search-input';
import { amazonLocationPlaces } from './amazon-location-places';
import { requireEnv } from './env';
import { localAdapters } from './local-adapters';

export interface PlaceSearch {
  search(text: string, options: PlaceSearchOptions): Promise<PlaceSuggestion[]>;
}

export const placeSearch: () => PlaceSearch = chosenOnce(() => choosePlaceSearch(requireEnv('PLACES_ADAPTER')));

function choosePlaceSearch(adapter: string): PlaceSearch {
  if (adapter === 'amazon-location') return amazonLocationPlaces(new LocationClient({}), requireEnv('PLACE_INDEX_NAME'));
  if (adapter === 'gazetteer') return localAdapters('PLACES_ADAPTER=gazetteer').placeSearch();
  throw new Error(`Unknown PLACES_ADAPTER "${adapter}" (expected amazon-location or gazetteer)`);
}
