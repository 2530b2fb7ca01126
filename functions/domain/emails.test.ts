import { describe, expect, it } from 'vitest';
import { EMAIL_TEXTS, renderEmail, type EmailName } from './emails';

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('e-mail texts', () => {
  it('exist in French and English with the same placeholders', () => {
    expect(Object.keys(EMAIL_TEXTS.en).sort()).toEqual(Object.keys(EMAIL_TEXTS.fr).sort());
    for (const name of Object.keys(EMAIL_TEXTS.fr) as EmailName[]) {
      for (const part of ['subject', 'text'] as const) {
        expect(placeholders(EMAIL_TEXTS.en[name][part]), `${name}.${part}`).toEqual(placeholders(EMAIL_TEXTS.fr[name][part]));
      }
    }
  });

  it('fill every placeholder in the language asked for', () => {
    const values = { code: '123456', firstName: 'Émilie', minutes: '10' };
    const fr = renderEmail('twoFactorCode', 'fr', values);
    expect(fr.subject).toBe('Votre code de connexion : 123456');
    expect(fr.text).toContain('Bonjour Émilie');
    expect(fr.text).toContain('10 minutes');
    expect(renderEmail('twoFactorCode', 'en', values).subject).toBe('Your sign-in code: 123456');
  });

  it('refuse to send a text with an unfilled placeholder', () => {
    expect(() => renderEmail('twoFactorCode', 'fr', { code: '123456' })).toThrow('{{firstName}}');
  });
});
