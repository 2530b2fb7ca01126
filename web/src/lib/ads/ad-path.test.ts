import { describe, expect, it } from 'vitest';
import { adDetailPath, adIdFromPath } from './ad-path';

const ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

describe('ad paths', () => {
  it('finds the id at the end of a slugged path, whatever the slug', () => {
    expect(adIdFromPath(`four-a-pizza-and-chambre-froide-${ID}`)).toBe(ID);
    expect(adIdFromPath(`ancien-titre-${ID}`)).toBe(ID);
    expect(adIdFromPath(ID)).toBe(ID);
    expect(adIdFromPath(`cuisine-${ID.toUpperCase()}`)).toBe(ID);
  });

  it('finds none without a UUID at the end', () => {
    expect(adIdFromPath('cuisine-partagee')).toBeNull();
    expect(adIdFromPath(`${ID}-cuisine`)).toBeNull();
    expect(adIdFromPath('')).toBeNull();
  });

  it('builds the detail address from the path the API gives', () => {
    expect(adDetailPath(`cuisine-${ID}`)).toBe(`/annonces/cuisine-${ID}`);
  });
});
