// The embedded gazetteer of address autocomplete (the places port's local adapter): places of Quebec
// matching the typed text, from the offline data of place-data.ts. Accent- and case-insensitive
// prefix match on place names in both languages (from the start of the name or of one of its words:
// "plateau" finds "Le Plateau-Mont-Royal") and on postal codes; a street typed before the place
// ("123 rue Principale, Rimouski") or before a postal code is kept as the address, located at that
// place or postal-code area. Places whose name starts with the text come first, then by population.

import type { ContentLanguage, PlaceSuggestion } from '@partage/graphql';
import { nameOf, normalizePlaceText, POSTAL_AREAS, TOWNS, type PostalArea, type Town } from './place-data';

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

/** A section of a city is located at itself, in its city: "Le Plateau-Mont-Royal, Montréal, QC". */
function townSuggestion(town: Town, street: string, language: ContentLanguage): PlaceSuggestion {
  const name = nameOf(town, language);
  const municipality = town.city ? nameOf(town.city, language) : name;
  return {
    label: [street, name, town.city && municipality, PROVINCE].filter(Boolean).join(', '),
    address: street || name,
    town: municipality,
    postalCode: null,
    latitude: town.latitude,
    longitude: town.longitude,
  };
}

function postalSuggestion(area: PostalArea, street: string, postalCode: string | null, language: ContentLanguage): PlaceSuggestion {
  const code = postalCode ?? area.fsa;
  const town = nameOf(area.town, language);
  return {
    label: `${[street, town].filter(Boolean).join(', ')}, ${PROVINCE} ${code}`,
    address: street || code,
    town,
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
function postalMatches(text: string, words: Word[], language: ContentLanguage): PlaceSuggestion[] {
  if (words.length === 1 && /^[a-z]\d?$/.test(words[0]!.key)) {
    const prefix = words[0]!.key.toUpperCase();
    return [...POSTAL_AREAS.values()]
      .filter((area) => area.fsa.startsWith(prefix))
      .map((area) => postalSuggestion(area, '', null, language));
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
    for (const key of area.town.keys) {
      const townWords = key.split(' ');
      const tail = streetWords
        .slice(-townWords.length)
        .map((w) => w.key)
        .join(' ');
      if (streetWords.length >= townWords.length && tail === key) {
        street = streetBefore(street, streetWords, streetWords.length - townWords.length);
        break;
      }
    }
    return [postalSuggestion(area, street, unit ? `${fsa} ${unit.toUpperCase()}` : null, language)];
  }
  return [];
}

/** 0: a name starts with `typed`; 1: one of its later words does; null: no match. */
function matchRank(town: Town, typed: string): 0 | 1 | null {
  if (town.keys.some((key) => key.startsWith(typed))) return 0;
  if (town.keys.some((key) => key.includes(` ${typed}`))) return 1;
  return null;
}

/** The places whose name matches the last words of the text, taking as many words as still match. */
function townMatches(text: string, words: Word[], language: ContentLanguage): PlaceSuggestion[] {
  for (let i = 0; i < words.length; i++) {
    const typed = words
      .slice(i)
      .map((w) => w.key)
      .join(' ');
    if (typed.length < 2 || /^\d/.test(typed)) continue;
    // TOWNS is by population already: a stable sort on the match keeps that order within each rank.
    const towns = TOWNS.map((town) => ({ town, rank: matchRank(town, typed) }))
      .filter((match) => match.rank !== null)
      .sort((a, b) => a.rank! - b.rank!);
    if (towns.length) {
      const street = streetBefore(text, words, i);
      return towns.map(({ town }) => townSuggestion(town, street, language));
    }
  }
  return [];
}

/**
 * Up to `limit` places matching `text`, named in `language`: postal-code areas first (the more
 * precise), then places. The caller has checked the limit (place-search-input.ts).
 */
export function searchGazetteer(text: string, { limit, language }: { limit: number; language: ContentLanguage }): PlaceSuggestion[] {
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const postal = postalMatches(text, words, language);
  return (postal.length ? postal : townMatches(text, words, language)).slice(0, limit);
}
