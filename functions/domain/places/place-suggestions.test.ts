// The embedded gazetteer (the places port's local adapter): accents and case, postal codes with and
// without their space, names in both languages, the sections of Montréal and Québec, the ranking.

import { describe, expect, it } from 'vitest';
import type { ContentLanguage } from '@partage/graphql';
import { searchGazetteer } from './place-suggestions';

const search = (text: string, language: ContentLanguage = 'FRENCH', limit = 8) => searchGazetteer(text, { limit, language });
const labels = (text: string, language?: ContentLanguage, limit?: number) => search(text, language, limit).map((s) => s.label);

describe('gazetteer', () => {
  it('ignores accents and case, and ranks the places a name starts with by population', () => {
    expect(search('MONTR')[0]!.town).toBe('Montréal');
    expect(search('montr', 'FRENCH', 20).map((s) => s.address)).toEqual(expect.arrayContaining(['Montréal-Ouest', 'Montréal-Est']));
    expect(search('levis')[0]).toMatchObject({ label: 'Lévis, QC', address: 'Lévis', town: 'Lévis', postalCode: null });
    expect(search('TROIS RIV')[0]!.town).toBe('Trois-Rivières');
    expect(labels('ILES DE LA MAD')).toEqual(['Les Îles-de-la-Madeleine, QC']);
    // Saint-Jean-sur-Richelieu (97,000) before Saint-Jérôme (68,000) before the small towns.
    const saints = search('saint j', 'FRENCH', 20).map((s) => s.town);
    expect(saints.indexOf('Saint-Jean-sur-Richelieu')).toBeLessThan(saints.indexOf('Saint-Jérôme'));
    expect(saints.indexOf('Saint-Jean-sur-Richelieu')).toBe(0);
  });

  it('finds a place by its English name too, and names it in the asked language', () => {
    expect(search('quebec city')[0]).toMatchObject({ label: 'Québec, QC', town: 'Québec' });
    expect(search('quebec city', 'ENGLISH')[0]).toMatchObject({ label: 'Quebec City, QC', town: 'Quebec City' });
    expect(search('Québec', 'ENGLISH')[0]!.label).toBe('Quebec City, QC');
    expect(search('montreal', 'ENGLISH')[0]!.label).toBe('Montreal, QC');
    expect(labels('magdalen')).toEqual(['Les Îles-de-la-Madeleine, QC']);
    expect(labels('îles-de-la-madeleine', 'ENGLISH')).toEqual(['Magdalen Islands, QC']);
    expect(search('old montreal', 'ENGLISH')[0]).toMatchObject({ label: 'Old Montreal, Montreal, QC', town: 'Montreal' });
  });

  it('names the city of a borough or neighbourhood, found by any word of its name', () => {
    expect(search('plateau mont')[0]).toMatchObject({
      label: 'Le Plateau-Mont-Royal, Montréal, QC',
      address: 'Le Plateau-Mont-Royal',
      town: 'Montréal',
      latitude: expect.closeTo(45.52, 1),
      longitude: expect.closeTo(-73.58, 1),
    });
    expect(search('limoilou')[0]).toMatchObject({ label: 'La Cité-Limoilou, Québec, QC', town: 'Québec' });
    expect(search('sainte-foy', 'ENGLISH')[0]).toMatchObject({ label: 'Sainte-Foy, Quebec City, QC', town: 'Quebec City' });
    // Westmount is a municipality of its own on Montréal's island, not a section of the city.
    expect(search('westmount')[0]).toMatchObject({ label: 'Westmount, QC', town: 'Westmount' });
  });

  it('reads a postal code with or without its space, in any case, or its area alone', () => {
    const spaced = search('H2X 1Y4')[0];
    expect(spaced).toMatchObject({ postalCode: 'H2X 1Y4', town: 'Montréal', address: 'H2X 1Y4', label: 'Montréal, QC H2X 1Y4' });
    expect(search('h2x1y4')[0]).toEqual(spaced);
    expect(search('h2x')[0]).toMatchObject({ postalCode: null, address: 'H2X', town: 'Montréal', label: 'Montréal, QC H2X' });
    expect(search('G1R 4P5', 'ENGLISH')[0]).toMatchObject({ town: 'Quebec City', label: 'Quebec City, QC G1R 4P5' });
    expect(search('123 rue Principale, Rimouski, g5l 1a1')[0]).toMatchObject({
      address: '123 rue Principale',
      postalCode: 'G5L 1A1',
      label: '123 rue Principale, Rimouski, QC G5L 1A1',
    });
  });

  it('answers at most the limit, and nothing for text that matches no place', () => {
    expect(search('saint', 'FRENCH', 3)).toHaveLength(3);
    expect(search('saint', 'FRENCH', 20)).toHaveLength(20);
    expect(search('H', 'FRENCH', 20)).toHaveLength(20);
    expect(search('zzqx')).toEqual([]);
    expect(search(' , ')).toEqual([]);
  });
});
