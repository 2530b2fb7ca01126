import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ApiError, errorMessageKey, toApiError } from './errors';
import * as loggerModule from '../logger';

describe('toApiError', () => {
  it('reads the code from errorType (AppSync) and the invalid fields from errorInfo', () => {
    const error = toApiError({
      data: null,
      errors: [
        {
          message: 'Invalid input',
          errorType: 'VALIDATION_FAILED',
          errorInfo: { code: 'VALIDATION_FAILED', fields: [{ path: 'input.newPassword', rule: 'password' }] },
        },
      ],
    });
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'input.newPassword', rule: 'password' }],
      unauthorized: false,
    });
  });

  it('falls back to extensions.code', () => {
    expect(toApiError({ errors: [{ message: 'x', extensions: { code: 'INCORRECT_PASSWORD' } }] }).code).toBe('INCORRECT_PASSWORD');
  });

  it("marks a refused token (AppSync's UnauthorizedException, as http-client reports an HTTP 401) as unauthorized", () => {
    expect(toApiError({ errors: [{ message: 'no', errorType: 'UnauthorizedException' }] }).unauthorized).toBe(true);
    expect(toApiError({ errors: [{ message: 'no', errorType: 'UNAUTHORIZED_ACCESS' }] }).unauthorized).toBe(false);
  });

  it('wraps anything else without a code', () => {
    expect(toApiError(new TypeError('Failed to fetch'))).toMatchObject({ code: null, unauthorized: false });
  });
});

describe('errorMessageKey', () => {
  it('maps each known code to its message', () => {
    expect(i18n.t(errorMessageKey(new ApiError('UNAUTHORIZED_ACCESS', 'no')))).toBe('You are not authorized to perform this operation.');
    expect(i18n.t(errorMessageKey(new ApiError('DUPLICATE_EMAIL', 'dup')))).toBe('An account already exists with this email address.');
  });

  it('prefers the message a screen gives for a code', () => {
    expect(errorMessageKey(new ApiError('NOT_FOUND', 'x'), { NOT_FOUND: 'accounts:login.refused.invalidCode' })).toBe(
      'accounts:login.refused.invalidCode',
    );
  });

  it('logs an unmapped failure at Error level and shows the unexpected error', () => {
    const logError = vi.spyOn(loggerModule.logger, 'error');
    const key = errorMessageKey(new ApiError('Lambda:Unhandled', 'boom'));
    expect(i18n.t(key)).toBe('An unexpected error has occurred.');
    expect(logError).toHaveBeenCalledWith(expect.stringContaining('boom'));
    expect(i18n.t(errorMessageKey(new Error('network down')))).toBe('An unexpected error has occurred.');
  });

  it('has the French wording too', async () => {
    await i18n.changeLanguage('fr');
    expect(i18n.t(errorMessageKey(new ApiError('UNAUTHORIZED_ACCESS', 'no')))).toBe(
      "Vous n'êtes pas autorisé à effectuer cette opération.",
    );
    expect(i18n.t('error.unexpected')).toBe('Une erreur inattendue est survenue.');
  });
});
