// The places port on AWS: Amazon Location Service's SearchPlaceIndexForText on the stack's place index,
// limited to Canada within Quebec's bounding box, in the reader's language; what it answers outside the
// province (Ottawa, Labrador, New Brunswick are in the box) or without a point or a town is left out.

import type { LocationClient } from '@aws-sdk/client-location';
import { SearchPlaceIndexForTextCommand, ThrottlingException, type Place } from '@aws-sdk/client-location';
import { AppError, type PlaceSuggestion } from '@partage/graphql';
import type { PlaceSearch } from './places';

/** [west, south, east, north]: Quebec, from the Ottawa River to the Strait of Belle Isle and Nunavik. */
export const QUEBEC_BOUNDING_BOX = [-79.77, 44.99, -57.1, 62.59];
const LANGUAGES = { FRENCH: 'fr', ENGLISH: 'en' } as const;
const FULL_POSTAL_CODE = /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/;

const inQuebec = (place: Place) => ['quebec', 'qc'].includes((place.Region ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase());

function suggestionOf(place: Place): PlaceSuggestion | null {
  const [longitude, latitude] = place.Geometry?.Point ?? [];
  const town = place.Municipality ?? place.SubRegion;
  if (longitude === undefined || latitude === undefined || !town || !inQuebec(place)) return null;
  const street = [place.AddressNumber, place.Street].filter(Boolean).join(' ');
  const postalCode = place.PostalCode && FULL_POSTAL_CODE.test(place.PostalCode) ? place.PostalCode.replace(/^(...) ?/, '$1 ') : null;
  return {
    // Every answer is in Canada: the country ending the label says nothing.
    label: (place.Label ?? [street, town].filter(Boolean).join(', ')).replace(/, (CAN|Canada)$/, ''),
    address: street || place.Neighborhood || town,
    town,
    postalCode,
    latitude,
    longitude,
  };
}

export function amazonLocationPlaces(client: LocationClient, indexName: string): PlaceSearch {
  return {
    async search(text, { limit, language }) {
      // The index refuses an empty text (ValidationException); with no letter or digit, nothing is asked,
      // as the gazetteer answers locally.
      if (!/[\p{L}\p{N}]/u.test(text)) return [];
      try {
        const { Results = [] } = await client.send(
          new SearchPlaceIndexForTextCommand({
            IndexName: indexName,
            Text: text,
            FilterCountries: ['CAN'],
            FilterBBox: QUEBEC_BOUNDING_BOX,
            MaxResults: limit,
            Language: LANGUAGES[language],
          }),
        );
        return Results.flatMap((result) => (result.Place && suggestionOf(result.Place)) || []);
      } catch (error) {
        // The index's own quota: the field says to try again shortly, like our own rate limit.
        if (error instanceof ThrottlingException) throw new AppError('RATE_LIMITED', 'Amazon Location throttled the search', [], 1);
        throw error;
      }
    },
  };
}
