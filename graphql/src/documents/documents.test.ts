import { describe, expect, it } from 'vitest';
import { DOCUMENT_TEXTS, documentText } from './index';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('the documents’ texts', () => {
  it('exist in French and English with the same keys and placeholders', () => {
    expect(Object.keys(DOCUMENT_TEXTS.en).sort()).toEqual(Object.keys(DOCUMENT_TEXTS.fr).sort());
    for (const [key, text] of Object.entries(DOCUMENT_TEXTS.fr))
      expect(placeholders(DOCUMENT_TEXTS.en[key as keyof typeof DOCUMENT_TEXTS.en]), key).toEqual(placeholders(text));
  });

  it('fill their placeholders, and refuse a missing value', () => {
    expect(documentText('fr', 'refersTo', { number: 'PA-2026-000123' })).toBe('Crédite le document n° PA-2026-000123');
    expect(() => documentText('en', 'refersTo')).toThrow(/needs a value for \{\{number\}\}/);
    // The personal-data export's `about` too (functions/domain/privacy/personal-data.ts).
    expect(documentText('en', 'personalDataAbout', { hours: '24', privacyPage: 'https://partage.example/confidentialite?lang=en' })).toBe(
      "Everything Partage keeps about you, as of generatedAt. The file is deleted 24 h after it was made. What is kept after an account's deletion, and why: https://partage.example/confidentialite?lang=en",
    );
  });
});
