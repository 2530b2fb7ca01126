import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { cardPriceLabel, priceLabel } from './price';

const label = async (offer: Parameters<typeof priceLabel>[0], language: 'fr' | 'en') => {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces('adFields');
  return priceLabel(offer, language, i18n.t).replace(/\u00a0/g, ' ');
};

describe('priceLabel', () => {
  it('says what a rent price is for, in each language', async () => {
    expect(await label({ kind: 'AMOUNT', amountCents: 4_300, unit: 'HOUR' }, 'fr')).toBe('43,00 $ / heure');
    expect(await label({ kind: 'AMOUNT', amountCents: 4_300, unit: 'MONTH' }, 'en')).toBe('$43.00 / month');
    expect(await label({ kind: 'AMOUNT', amountCents: 25_000, unit: 'FLAT' }, 'fr')).toBe('250,00 $ (forfait)');
    expect(await label({ kind: 'RANGE', range: 'FROM_100_TO_500', unit: 'WEEK' }, 'en')).toBe('$100 to $500 / week');
  });

  it('reads as before for an offer saved without a unit, a sale, or a price to be determined', async () => {
    expect(await label({ kind: 'AMOUNT', amountCents: 4_300, unit: null }, 'fr')).toBe('43,00 $');
    expect(await label({ kind: 'AMOUNT', amountCents: 9_550 }, 'en')).toBe('$95.50');
    expect(await label({ kind: 'TO_BE_DETERMINED', unit: 'DAY' }, 'en')).toBe('To be determined');
  });
});

describe('cardPriceLabel', () => {
  const card = async (offer: Parameters<typeof cardPriceLabel>[0], language: 'fr' | 'en') => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces('adFields');
    return cardPriceLabel(offer, language, i18n.t).replace(/\u00a0/g, ' ');
  };

  it('gives one day’s price beside a price by the hour, week or month, as the price orders compare them', async () => {
    expect(await card({ kind: 'AMOUNT', amountCents: 4_000, unit: 'HOUR' }, 'fr')).toBe('40,00 $ / heure, soit ≈ 320,00 $ / jour');
    expect(await card({ kind: 'AMOUNT', amountCents: 2_800, unit: 'WEEK' }, 'en')).toBe('$28.00 / week, ≈ $4.00 / day');
    expect(await card({ kind: 'AMOUNT', amountCents: 4_700, unit: 'DAY' }, 'fr')).toBe('47,00 $ / jour');
    expect(await card({ kind: 'AMOUNT', amountCents: 25_000, unit: 'FLAT' }, 'fr')).toBe('250,00 $ (forfait)');
    expect(await card({ kind: 'RANGE', range: 'FROM_100_TO_500', unit: 'WEEK' }, 'en')).toBe('$100 to $500 / week');
  });

  it('ends with what the price says of the taxes, when the ad says it', async () => {
    expect(await card({ kind: 'AMOUNT', amountCents: 4_000, unit: 'HOUR', taxMode: 'ADDED' }, 'fr')).toBe(
      '40,00 $ / heure, soit ≈ 320,00 $ / jour, taxes en sus',
    );
    expect(await card({ kind: 'AMOUNT', amountCents: 4_700, unit: 'DAY', taxMode: 'INCLUDED' }, 'en')).toBe('$47.00 / day, taxes included');
    expect(await card({ kind: 'TO_BE_DETERMINED', unit: 'DAY', taxMode: 'ADDED' }, 'en')).toBe('To be determined');
  });
});
