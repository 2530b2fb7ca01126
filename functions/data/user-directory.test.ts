import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './user-directory';

describe('normalizeSearchText', () => {
  it('ignores case, accents and punctuation, but keeps what makes an e-mail address', () => {
    expect(normalizeSearchText('  Hélène CÔTÉ-Bélanger ')).toBe('helene cote belanger');
    expect(normalizeSearchText("Banque alimentaire de l'Est")).toBe('banque alimentaire de l est');
    expect(normalizeSearchText('Marie.Eve+Partage@Exemple.CA')).toBe('marie.eve partage@exemple.ca');
    expect(normalizeSearchText(' - ')).toBe('');
  });
});
