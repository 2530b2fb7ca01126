import { describe, expect, it } from 'vitest';
import { pickText, readerLanguage } from './localized-text';

describe('pickText', () => {
  it("gives the reader's language when it has a text", () => {
    expect(pickText({ fr: 'Four', en: 'Oven' }, 'en')).toEqual({ text: 'Oven', language: 'en', otherLanguage: false });
    expect(pickText({ fr: 'Four', en: 'Oven' }, 'fr')).toEqual({ text: 'Four', language: 'fr', otherLanguage: false });
  });

  it('falls back to the other language, marked, when the reader’s is missing or blank', () => {
    expect(pickText({ fr: 'Four', en: null }, 'en')).toEqual({ text: 'Four', language: 'fr', otherLanguage: true });
    expect(pickText({ fr: '  ', en: 'Oven' }, 'fr')).toEqual({ text: 'Oven', language: 'en', otherLanguage: true });
  });

  it('gives nothing when neither language has a text', () => {
    expect(pickText({ fr: null, en: '' }, 'fr')).toBeNull();
    expect(pickText(null, 'fr')).toBeNull();
  });

  it('reads regional language tags', () => {
    expect(readerLanguage('en-CA')).toBe('en');
    expect(readerLanguage('fr')).toBe('fr');
  });
});
