// The arguments of Query.searchPlaces, checked before any adapter is asked: the limit, the language
// (French unless asked), and the text's length (Amazon Location takes at most 200 characters).

import {
  assertValid,
  maxLength,
  PLACE_SUGGESTIONS_DEFAULT_LIMIT,
  PLACE_SUGGESTIONS_MAX_LIMIT,
  type ContentLanguage,
  type QuerySearchPlacesArgs,
} from '@partage/graphql';

export const PLACE_TEXT_MAX_LENGTH = 200;

export interface PlaceSearchOptions {
  limit: number;
  language: ContentLanguage;
}

export function placeSearchOptions({ text, limit, language }: QuerySearchPlacesArgs): PlaceSearchOptions {
  const count = limit ?? PLACE_SUGGESTIONS_DEFAULT_LIMIT;
  assertValid([
    ['text', maxLength(PLACE_TEXT_MAX_LENGTH)(text)],
    ['limit', count > PLACE_SUGGESTIONS_MAX_LIMIT ? 'tooMany' : count < 1 ? 'oneOf' : null],
  ]);
  return { limit: count, language: language ?? 'FRENCH' };
}
