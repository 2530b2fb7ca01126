// Address autocomplete (Query.searchPlaces): places of Quebec matching the typed text, from the
// offline data of place-data.ts. Accent- and case-insensitive prefix match on town names and postal
// codes; a street typed before the town ("123 rue Principale, Rimouski") or before a postal code is
// kept as the address, located at that town or postal-code area. Towns rank by population.

import { assertValid, PLACE_SUGGESTIONS_DEFAULT_LIMIT, PLACE_SUGGESTIONS_MAX_LIMIT, type PlaceSuggestion } from '@partage/graphql';
import { normalizePlaceText, POSTAL_AREAS, TOWNS, type PostalArea, type Town } from './place-data';

interface Word {
  /** Normalised (place-data.ts). */
  key: string;
  /** Where the word starts in the typed text. */
  start: number;
}

/** The words of the text, split as normalizePlaceText splits them ("Saint-Jean" is two). */
const wordsOf = (text: string): Word[] =>
  [...text.matchAll(/[\p{L}\p{N}]+/gu)].flatMap((m) =>
    normalizePlaceText(m[0])
      .split(' ')
      .filter(Boolean)
      .map((key) => ({ key, start: m.index })),
  );

/** What was typed before `word`, without the separators that ended it. */
const streetBefore = (text: string, words: Word[], index: number): string =>
  index < words.length
    ? text
        .slice(0, words[index]!.start)
        .replace(/[\s,;.-]+$/u, '')
        .trim()
    : text.trim();

const PROVINCE = 'QC';

function townSuggestion(town: Town, street: string): PlaceSuggestion {
  return {
    label: [street, town.name, PROVINCE].filter(Boolean).join(', '),
    address: street || town.name,
    town: town.name,
    postalCode: null,
    latitude: town.latitude,
    longitude: town.longitude,
  };
}

function postalSuggestion(area: PostalArea, street: string, postalCode: string | null): PlaceSuggestion {
  const code = postalCode ?? area.fsa;
  return {
    label: `${[street, area.town.name].filter(Boolean).join(', ')}, ${PROVINCE} ${code}`,
    address: street || code,
    town: area.town.name,
    postalCode,
    latitude: area.latitude,
    longitude: area.longitude,
  };
}

const FSA = /^[a-z]\d[a-z]$/;
const LDU = /^\d[a-z]\d$/;

/**
 * A postal code in the text: a full one ("G5L 1A1", "g5l1a1") or an area alone ("G5L"), with what
 * was typed before it; or, when the whole text is the start of one ("G5"), every area it begins.
 */
function postalMatches(text: string, words: Word[]): PlaceSuggestion[] {
  if (words.length === 1 && /^[a-z]\d?$/.test(words[0]!.key)) {
    const prefix = words[0]!.key.toUpperCase();
    return [...POSTAL_AREAS.values()].filter((area) => area.fsa.startsWith(prefix)).map((area) => postalSuggestion(area, '', null));
  }
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.key;
    const joined = /^[a-z]\d[a-z]\d[a-z]\d$/.test(word);
    if (!joined && !FSA.test(word)) continue;
    const fsa = word.slice(0, 3).toUpperCase();
    const area = POSTAL_AREAS.get(fsa);
    if (!area) continue;
    const unit = joined ? word.slice(3) : LDU.test(words[i + 1]?.key ?? '') ? words[i + 1]!.key : null;
    let street = streetBefore(text, words, i);
    // "…, Rimouski, G5L 1A1": the town typed before the code is the area's, not part of the street.
    const streetWords = wordsOf(street);
    const townWords = area.town.key.split(' ');
    const tail = streetWords
      .slice(-townWords.length)
      .map((w) => w.key)
      .join(' ');
    if (streetWords.length >= townWords.length && tail === area.town.key)
      street = streetBefore(street, streetWords, streetWords.length - townWords.length);
    return [postalSuggestion(area, street, unit ? `${fsa} ${unit.toUpperCase()}` : null)];
  }
  return [];
}

/** The towns whose name starts with the last words of the text, taking as many words as still match. */
function townMatches(text: string, words: Word[]): PlaceSuggestion[] {
  for (let i = 0; i < words.length; i++) {
    const typed = words
      .slice(i)
      .map((w) => w.key)
      .join(' ');
    if (typed.length < 2 || /^\d/.test(typed)) continue;
    const towns = TOWNS.filter((town) => town.key.startsWith(typed));
    if (towns.length) {
      const street = streetBefore(text, words, i);
      return towns.map((town) => townSuggestion(town, street));
    }
  }
  return [];
}

/** Up to `limit` places matching `text`: postal-code areas first (the more precise), then towns by population. */
export function searchPlaces(text: string, limit?: number | null): PlaceSuggestion[] {
  const count = limit ?? PLACE_SUGGESTIONS_DEFAULT_LIMIT;
  assertValid([['limit', count > PLACE_SUGGESTIONS_MAX_LIMIT ? 'tooMany' : count < 1 ? 'oneOf' : null]]);
  const words = wordsOf(text ?? '');
  if (words.length === 0) return [];
  const postal = postalMatches(text, words);
  return (postal.length ? postal : townMatches(text, words)).slice(0, count);
}
