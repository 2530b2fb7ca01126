import { describe, expect, it } from 'vitest';
import { adPath, slugify } from './slug';

describe('slug', () => {
  it('lower-cases, strips accents and turns & into -and-', () => {
    expect(slugify('Cuisine équipée & Chambre froide')).toBe('cuisine-equipee-and-chambre-froide');
    expect(slugify('  Four à pizza — 2 étages!  ')).toBe('four-a-pizza-2-etages');
  });

  it('addresses an ad as <slug>-<id>, or by id alone when the title has no letters', () => {
    expect(adPath('Camion réfrigéré', 'a1b2')).toBe('camion-refrigere-a1b2');
    expect(adPath('!!!', 'a1b2')).toBe('a1b2');
  });
});
