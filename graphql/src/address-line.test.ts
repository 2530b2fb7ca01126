import { describe, expect, it } from 'vitest';
import { addressLine } from './address-line';

describe('addressLine', () => {
  it('says the town once when the address already ends with it', () => {
    expect(addressLine({ address: '1200, rue Cascades, Saint-Hyacinthe', town: 'Saint-Hyacinthe', postalCode: 'J2S 3H2' })).toBe(
      '1200, rue Cascades, Saint-Hyacinthe, J2S 3H2',
    );
  });

  it('says a town picked alone once, whatever its accents or case', () => {
    expect(addressLine({ address: 'Saint-Hyacinthe', town: 'Saint-Hyacinthe', postalCode: null })).toBe('Saint-Hyacinthe');
    expect(addressLine({ address: 'LEVIS', town: 'Lévis', postalCode: 'G6V' })).toBe('LEVIS, G6V');
  });

  it('keeps every part that is new, and a postal code already in the address once', () => {
    expect(addressLine({ address: '123 rue Ontario Est', town: 'Montréal', postalCode: 'H2X 1Y4' })).toBe(
      '123 rue Ontario Est, Montréal, H2X 1Y4',
    );
    expect(addressLine({ address: 'H2X 1Y4', town: 'Montréal', postalCode: 'H2X 1Y4' })).toBe('H2X 1Y4, Montréal');
    expect(addressLine({ address: null, town: 'Montréal', postalCode: 'H2X' })).toBe('Montréal, H2X');
  });
});
