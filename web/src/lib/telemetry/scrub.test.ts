import { describe, expect, it } from 'vitest';
import { scrubPersonalData } from './scrub';

describe('scrubPersonalData', () => {
  it('blanks e-mail addresses, tokens and return paths of a link, and keeps the rest', () => {
    expect(scrubPersonalData('https://partage.example/reenvoyer-courriel?email=ana%40exemple.ca&lang=fr')).toBe(
      'https://partage.example/reenvoyer-courriel?email=[redacted]&lang=fr',
    );
    expect(scrubPersonalData('/confirmez-courriel?token=abc.def-123#top')).toBe('/confirmez-courriel?token=[redacted]#top');
    expect(scrubPersonalData('/connexion?returnPath=%2Fannonces%3Femail%3Dx&view=map')).toBe('/connexion?returnPath=[redacted]&view=map');
    expect(scrubPersonalData('/recherche?q=four&rayon=25')).toBe('/recherche?q=four&rayon=25');
  });

  it('blanks an address anywhere in a text, also inside JSON without breaking it', () => {
    expect(scrubPersonalData('Login answered 403 for ana.b+x@exemple.ca')).toBe('Login answered 403 for [redacted]');
    const event = { request: { url: 'https://p.example/x?resetToken=s3cr3t&page=2' }, message: 'for ana@exemple.ca' };
    expect(JSON.parse(scrubPersonalData(JSON.stringify(event)))).toEqual({
      request: { url: 'https://p.example/x?resetToken=[redacted]&page=2' },
      message: 'for [redacted]',
    });
  });
});
