// Keyword terms of the ad search: the same normalisation and stemming for the ads' texts and for
// what a searcher types, so "cafe" finds "Cafés" and "refrigere" finds "réfrigérée". The stemmer is
// deliberately light and bilingual (one for both languages: an ad's two texts are indexed alike, and
// a searcher's language is unknown): it folds plural and feminine endings, not verb forms.

/** Words that carry no meaning of their own in French or English (after accent folding). */
const STOP_WORDS = new Set(
  (
    'a au aux avec ce ces cet cette d dans de des du elle en est et il ils l la le les leur leurs ma mes mon ne nos notre nous ' +
    'ou par pas plus pour qu que qui sa sans se ses son sont sur ta tes ton tres un une vos votre vous y ' +
    'an and are as at be by for from in is it its of on or our that the these this those to with your'
  ).split(' '),
);

/** Stems shorter than this are left whole: a short word has no ending to spare. */
const MIN_STEM_LENGTH = 3;

/** Ligatures have no decomposition: "bœuf" is typed "boeuf". */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae' };

/** Lower case, no accents or ligatures, split on everything but letters and digits. */
export function normalizedWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[œæ]/g, (ligature) => LIGATURES[ligature]!)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** One normalised word's stem: plural (s, x, aux, ies) and feminine (e, ée, elle, enne, ette) endings folded. */
export function stem(word: string): string {
  if (word.length <= MIN_STEM_LENGTH || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('eaux')) w = w.slice(0, -1);
  else if (w.endsWith('aux')) w = `${w.slice(0, -3)}al`;
  else if (/[sx]$/.test(w) && !w.endsWith('ss')) w = w.slice(0, -1);
  w = w
    .replace(/e+$/, '')
    .replace(/(ll|nn|tt)$/, (double) => double[0]!)
    .replace(/y$/, 'i');
  return w.length >= MIN_STEM_LENGTH ? w : word;
}

/**
 * Characters of a word kept (longer ones are cut, alike in ads and keywords): a stem names a posting's
 * partition, and a DynamoDB key holds at most 2,048 bytes — a paragraph of Chinese is one word.
 */
const MAX_WORD_LENGTH = 64;

/** The distinct stems of a text, in order, stop words left out. */
export function termsOf(text: string): string[] {
  return [
    ...new Set(
      normalizedWords(text)
        .filter((word) => !STOP_WORDS.has(word))
        .map((word) => stem(word.slice(0, MAX_WORD_LENGTH))),
    ),
  ];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The words of sanitised HTML: tags become spaces (a list item's end separates words), entities their characters. */
export const plainTextOfHtml = (html: string): string =>
  html.replace(/<[^>]*>/g, ' ').replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name]!);
