// Address autocomplete through the places Lambda and its port (the gazetteer, PLACES_ADAPTER in the
// test environment): towns and postal-code areas of Quebec, a street typed before them kept as the
// address, the language, the limit and the text's length, and the rate limit of a public field.

import { describe, expect, it } from 'vitest';
import { manualClock, useClock } from '../domain/clock';
import { PLACE_SUGGESTIONS_DEFAULT_LIMIT, PLACE_SUGGESTIONS_MAX_LIMIT, type ContentLanguage, type PlaceSuggestion } from '@partage/graphql';
import { PLACE_TEXT_MAX_LENGTH } from '../domain/places/place-search-input';
import {
  ANONYMOUS,
  errorCodeOf,
  invalidFieldsOf,
  newSourceAddress,
  resolverEvent,
  useTestOutbox,
  useUpRateLimit,
} from '../testing/fixtures';
import { handler } from './places';

useTestOutbox();

const suggest = async (text: string, limit?: number, source = newSourceAddress(), language?: ContentLanguage) =>
  (await handler(
    resolverEvent('Query.searchPlaces', { text, ...(limit !== undefined && { limit }), ...(language && { language }) }, ANONYMOUS, source),
  )) as PlaceSuggestion[];

describe('Query.searchPlaces', () => {
  it('matches town names by prefix, whatever the accents and case, most populous first', async () => {
    const towns = (await suggest('MONTR')).map((s) => s.town);
    expect(towns[0]).toBe('Montréal');
    expect(towns).toEqual(expect.arrayContaining(['Montréal-Ouest', 'Montréal-Est']));
    expect((await suggest('levis'))[0]).toMatchObject({ label: 'Lévis, QC', address: 'Lévis', town: 'Lévis', postalCode: null });
    expect((await suggest('trois riv'))[0]!.town).toBe('Trois-Rivières');
  });

  it('names places in French unless English is asked', async () => {
    expect((await suggest('quebec'))[0]!.label).toBe('Québec, QC');
    expect((await suggest('quebec', undefined, undefined, 'ENGLISH'))[0]!.label).toBe('Quebec City, QC');
    expect((await suggest('plateau mont', undefined, undefined, 'ENGLISH'))[0]!.label).toBe('Le Plateau-Mont-Royal, Montreal, QC');
  });

  it('keeps a street typed before the town as the address, located at the town', async () => {
    const [withComma] = await suggest('123 rue Principale, Rimouski');
    expect(withComma).toEqual({
      label: '123 rue Principale, Rimouski, QC',
      address: '123 rue Principale',
      town: 'Rimouski',
      postalCode: null,
      latitude: expect.closeTo(48.45, 1),
      longitude: expect.closeTo(-68.52, 1),
    });
    expect((await suggest('123 rue Principale Rimou'))[0]).toMatchObject({ address: '123 rue Principale', town: 'Rimouski' });
  });

  it('locates a full postal code at its area, with the street before it and the town left out of it', async () => {
    const [code] = await suggest('g5l1a1');
    expect(code).toMatchObject({ postalCode: 'G5L 1A1', town: 'Rimouski', address: 'G5L 1A1', label: 'Rimouski, QC G5L 1A1' });
    const [full] = await suggest('123 rue Principale, Rimouski, G5L 1A1');
    expect(full).toMatchObject({
      address: '123 rue Principale',
      town: 'Rimouski',
      postalCode: 'G5L 1A1',
      label: '123 rue Principale, Rimouski, QC G5L 1A1',
    });
    expect(full!.latitude).toBeCloseTo(48.45, 1);
  });

  it('lists the areas a partial postal code begins', async () => {
    const areas = await suggest('H2', PLACE_SUGGESTIONS_MAX_LIMIT);
    expect(areas.length).toBeGreaterThan(5);
    expect(areas.every((area) => /^H2[A-Z]$/.test(area.address) && area.postalCode === null && area.town !== '')).toBe(true);
    expect(areas.map((area) => area.town)).toContain('Montréal');
  });

  it('answers nothing for text that matches no place, or no text', async () => {
    expect(await suggest('zzqx')).toEqual([]);
    expect(await suggest('  , ')).toEqual([]);
    expect(await suggest('123')).toEqual([]);
  });

  it(`returns ${PLACE_SUGGESTIONS_DEFAULT_LIMIT} by default, up to the limit asked, and refuses more than ${PLACE_SUGGESTIONS_MAX_LIMIT}`, async () => {
    expect(await suggest('saint')).toHaveLength(PLACE_SUGGESTIONS_DEFAULT_LIMIT);
    expect(await suggest('saint', 3)).toHaveLength(3);
    expect(await suggest('saint', PLACE_SUGGESTIONS_MAX_LIMIT)).toHaveLength(PLACE_SUGGESTIONS_MAX_LIMIT);
    expect(
      invalidFieldsOf(
        await handler(resolverEvent('Query.searchPlaces', { text: 'saint', limit: PLACE_SUGGESTIONS_MAX_LIMIT + 1 }, ANONYMOUS)),
      ),
    ).toEqual(['limit:tooMany']);
    expect(invalidFieldsOf(await handler(resolverEvent('Query.searchPlaces', { text: 'saint', limit: 0 }, ANONYMOUS)))).toEqual([
      'limit:oneOf',
    ]);
    const long = 'a'.repeat(PLACE_TEXT_MAX_LENGTH + 1);
    expect(invalidFieldsOf(await handler(resolverEvent('Query.searchPlaces', { text: long }, ANONYMOUS)))).toEqual(['text:maxLength']);
  });

  it('limits anonymous callers per source address (RATE_LIMITED), not other addresses', async () => {
    // A still clock: the bucket refills 2 a second, faster than the test spends it.
    const restore = useClock(manualClock());
    const source = newSourceAddress();
    await useUpRateLimit('searchPlaces', source, 1);
    expect((await suggest('Laval', undefined, source))[0]!.town).toBe('Laval');
    expect(errorCodeOf(await suggest('Laval', undefined, source))).toBe('RATE_LIMITED');
    expect(errorCodeOf(await suggest('Laval'))).toBeUndefined();
    restore();
  });
});
