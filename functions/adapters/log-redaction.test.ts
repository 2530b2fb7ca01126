import { describe, expect, it } from 'vitest';
import { captureLogLines } from '../testing/log-lines';
import { logger } from './log';
import { REDACTED, redactLogValue, redactText } from './log-redaction';

describe('redactText', () => {
  it('masks e-mail addresses, URL-encoded ones too, keeping the first character and the domain', () => {
    expect(redactText('Écrire à marie.tremblay+alertes@exemple.qc.ca ou à Élise@épicerie.ca')).toBe(
      'Écrire à m***@exemple.qc.ca ou à É***@épicerie.ca',
    );
    expect(redactText('/connexion?email=marie%40exemple.ca&x=1')).toBe('/connexion?email=m***@exemple.ca&x=1');
  });

  it("masks tokens: JSON Web Tokens, Authorization credentials, a link's secret parameters", () => {
    expect(redactText('jeton eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl refusé')).toBe(`jeton ${REDACTED} refusé`);
    expect(redactText('Authorization: Bearer abc.def-123 sent')).toBe(`Authorization: Bearer ${REDACTED} sent`);
    expect(redactText('GET /confirmer?token=s3cr3t&lang=fr and /r?code=123456#top')).toBe(
      `GET /confirmer?token=${REDACTED}&lang=fr and /r?code=${REDACTED}#top`,
    );
    expect(redactText('https://b.s3.amazonaws.com/k?X-Amz-Credential=AKIA%2F1&X-Amz-Signature=abcdef')).toBe(
      `https://b.s3.amazonaws.com/k?X-Amz-Credential=${REDACTED}&X-Amz-Signature=${REDACTED}`,
    );
  });

  it('masks card numbers, grouped or not', () => {
    expect(redactText('carte 4242 4242 4242 4242, ou 5555-5555-5555-4444, ou 378282246310005')).toBe(
      `carte ${REDACTED}, ou ${REDACTED}, ou ${REDACTED}`,
    );
  });

  it('leaves what identifies nothing: ids, amounts, dates, phone-length numbers', () => {
    const text = 'contrat 3f2b8c1e-9d4a-4b7e-8f00-1a2b3c4d5e6f payé 250,00 $ le 2026-05-03T12:00:00.000Z (514 555-0199), tentative 3';
    expect(redactText(text)).toBe(text);
  });
});

describe('redactLogValue', () => {
  it('masks the whole value of a secret key, whatever it holds', () => {
    for (const key of [
      'password',
      'newPassword',
      'token',
      'refreshToken',
      'authorization',
      'Cookie',
      'code',
      'cardNumber',
      'webhookSecret',
    ])
      expect(redactLogValue(key, 'valeur'), key).toBe(REDACTED);
    expect(redactLogValue('deviceToken', { nested: 1 })).toBe(REDACTED);
  });

  it('keeps other keys, masking their strings only', () => {
    expect(redactLogValue('errorCode', 'RATE_LIMITED')).toBe('RATE_LIMITED');
    expect(redactLogValue('contractId', 'c-1')).toBe('c-1');
    expect(redactLogValue('failures', 3)).toBe(3);
    expect(redactLogValue('to', 'a.b@exemple.ca')).toBe('a***@exemple.ca');
    expect(redactLogValue('password', null)).toBeNull();
  });
});

describe('the logger', () => {
  it('writes what it is given masked, nested objects and errors included', () => {
    const log = captureLogLines();
    try {
      logger().warn('sign-in of lucie@exemple.ca refused', {
        input: { email: 'lucie@exemple.ca', password: 'Mot-De-Passe-2026' },
        error: new Error('SES refused lucie@exemple.ca'),
      });
    } finally {
      log.restore();
    }
    const [line] = log.lines();
    expect(line).not.toMatch(/lucie@|Mot-De-Passe/);
    expect(JSON.parse(line!)).toMatchObject({
      level: 'WARN',
      message: 'sign-in of l***@exemple.ca refused',
      input: { email: 'l***@exemple.ca', password: REDACTED },
      error: { message: 'SES refused l***@exemple.ca' },
    });
  });
});
