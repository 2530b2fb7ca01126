import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { townLabel } from './town-label';

const label = async (ad: Parameters<typeof townLabel>[0], language: 'fr' | 'en') => {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('ads');
  return townLabel(ad, language, i18n.t);
};

describe('townLabel', () => {
  it('gives the distance from the searched place with one decimal at most, in the reader’s number format', async () => {
    expect(await label({ town: 'Laval', distanceKm: 12.46 }, 'fr')).toBe('Laval, à 12,5 km');
    expect(await label({ town: 'Laval', distanceKm: 12.46 }, 'en')).toBe('Laval, 12.5 km away');
    expect(await label({ town: 'Rimouski', distanceKm: 3 }, 'fr')).toBe('Rimouski, à 3 km');
  });

  it('gives the town alone without a searched place', async () => {
    expect(await label({ town: 'Laval', distanceKm: null }, 'fr')).toBe('Laval');
    expect(await label({ town: 'Laval' }, 'en')).toBe('Laval');
  });
});
