import { describe, expect, it } from 'vitest';
import type { SearchEntry } from '../../data/search-index';
import { searchEntry as entry } from '../../testing/search-entry';
import { criteriaOf, entryMatches } from './entry-match';

describe('criteriaOf', () => {
  it('puts two inputs asking the same thing in the same form', () => {
    expect(
      criteriaOf({ modes: ['SALE', 'RENT', 'SALE'], keyword: 'Pizzas  fours', availability: { day: false, evening: false, weekdays: [] } }),
    ).toEqual(criteriaOf({ modes: ['RENT', 'SALE'], keyword: 'four pizza' }));
  });
});

describe('entryMatches', () => {
  const matches = (input: Parameters<typeof criteriaOf>[0], overrides: Partial<SearchEntry> = {}) =>
    entryMatches(entry(overrides), criteriaOf(input));

  it('matches everything when nothing is asked', () => expect(matches({})).toBe(true));

  it('takes any of the values asked within a criterion, all certifications, and every criterion', () => {
    expect(matches({ categories: ['SURPLUS', 'PROFESSIONAL_COOKING_EQUIPMENT'] })).toBe(true);
    expect(matches({ categories: ['SURPLUS'] })).toBe(false);
    expect(matches({ modes: ['RENT', 'SALE'] })).toBe(true);
    expect(matches({ priceRanges: ['FROM_0_TO_100'] })).toBe(false);
    expect(matches({ certifications: ['HACCP'] })).toBe(true);
    expect(matches({ certifications: ['HACCP', 'GFSI'] })).toBe(false);
    expect(matches({ categories: ['PROFESSIONAL_COOKING_EQUIPMENT'], modes: ['RENT'] })).toBe(false);
  });

  it('needs every word of the keyword', () => {
    expect(matches({ keyword: 'Fours à pizza' })).toBe(true);
    expect(matches({ keyword: 'four camion' })).toBe(false);
  });

  it('reads availability as a period asked on a weekday asked, unless the ad is available at any time', () => {
    expect(matches({ availability: { day: true, evening: false, weekdays: ['MONDAY', 'FRIDAY'] } })).toBe(true);
    expect(matches({ availability: { day: false, evening: true, weekdays: [] } })).toBe(false);
    expect(matches({ availability: { day: false, evening: false, weekdays: ['FRIDAY'] } })).toBe(false);
    const always = { availability: { all: true, day: false, evening: false, weekdays: [] } };
    expect(matches({ availability: { day: false, evening: true, weekdays: ['SUNDAY'] } }, always)).toBe(true);
  });
});
