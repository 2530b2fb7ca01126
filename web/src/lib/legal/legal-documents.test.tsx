import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { i18n } from '../i18n/i18n';
import { answerOperations } from '../../test/fake-api';
import { renderAt } from '../../test/helpers';

const current = {
  version: '2026-07',
  documents: {
    termsFr: 'https://cdn.test/files/public/tfr',
    termsEn: 'https://cdn.test/files/public/ten',
    privacyFr: 'https://cdn.test/files/public/pfr',
    privacyEn: 'https://cdn.test/files/public/pen',
  },
};
const footer = () => screen.getByRole('contentinfo');

describe('legal links of the footer', () => {
  it('follow the current terms version, in the reader’s language', async () => {
    answerOperations({ termsVersion: current });
    renderAt('/accueil');
    const terms = () => within(footer()).getByRole('link', { name: 'Terms of use (PDF)' });
    // The bundled PDF until the server answers, then the current version's.
    await waitFor(() => expect(terms()).toHaveAttribute('href', current.documents.termsEn));
    expect(within(footer()).getByRole('link', { name: 'Privacy policy (PDF)' })).toHaveAttribute('href', current.documents.privacyEn);

    await i18n.changeLanguage('fr');
    try {
      expect(await within(footer()).findByRole('link', { name: "Conditions d'utilisation (PDF)" })).toHaveAttribute(
        'href',
        current.documents.termsFr,
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('keep the bundled PDFs when the current version cannot be read', async () => {
    const api = answerOperations({ termsVersion: new ApiError('INTERNAL', 'down') });
    renderAt('/accueil');
    await screen.findByRole('contentinfo');
    await expect.poll(() => api.calls('termsVersion').length).toBe(1);
    expect(within(footer()).getByRole('link', { name: 'Terms of use (PDF)' })).toHaveAttribute(
      'href',
      '/legal/conditions-utilisation-en.pdf',
    );
    expect(within(footer()).getByRole('link', { name: 'Privacy policy (PDF)' })).toHaveAttribute(
      'href',
      '/legal/politique-confidentialite-en.pdf',
    );
  });
});
