import { describe, expect, it } from 'vitest';
import { EMAIL_TEXTS, inertText, renderEmail, type EmailName } from './emails';
import { extractLinks } from '../adapters/outbox';

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

  it('never turn a filled-in value into a link, and keep the link the service builds', async () => {
    const { text } = renderEmail('twoFactorCode', 'en', {
      code: '123456',
      firstName: 'https://evil.example/a www.evil.example x@evil.example',
      minutes: '10',
    });
    expect(text).not.toMatch(/evil\.example|https?:|@evil/);
    expect(extractLinks(text)).toEqual([]);
    expect(inertText('Émilie Côté-Ouellet')).toBe('Émilie Côté-Ouellet');
    const link = 'https://partage.example/confirmez-courriel?email=a%40b.ca&token=t';
    expect(extractLinks(renderEmail('emailConfirmation', 'fr', { link, hours: '48' }).text)).toEqual([link]);
  });

  it('carry no placeholder for a name in e-mails to addresses that may not be confirmed', () => {
    const unconfirmedRecipients: EmailName[] = [
      'emailConfirmation',
      'emailChange',
      'passwordReset',
      'adminInvitation',
      'accountCreatedByAdmin',
    ];
    for (const name of unconfirmedRecipients) {
      for (const language of ['fr', 'en'] as const) {
        expect(placeholders(EMAIL_TEXTS[language][name].text), `${language}.${name}`).not.toContain('firstName');
        expect(placeholders(EMAIL_TEXTS[language][name].text), `${language}.${name}`).not.toContain('organizationName');
      }
    }
  });
});
