import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUNDLED_TERMS_DOCUMENTS } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';
import { i18n } from '../../../lib/i18n/i18n';
import { answerOperations } from '../../../test/fake-api';
import { renderAt, signIn } from '../../../test/helpers';
import { aMe } from '../session-user/test-fixtures';

// A signed-in user with nothing else to do first (no welcome or terms modal).
const me = (type: 'USER' | 'ADMIN' = 'USER') => aMe({ id: 'u-1', type, ...(type === 'ADMIN' && { profile: { acceptedTos: null } }) });
const july = {
  termsFr: 'https://cdn.test/files/public/tfr',
  termsEn: 'https://cdn.test/files/public/ten',
  privacyFr: 'https://cdn.test/files/public/pfr',
  privacyEn: 'https://cdn.test/files/public/pen',
};
const history = () => [
  { version: '2026-07', acceptedAt: '2026-07-02T14:30:00.000Z', documents: july },
  { version: '2026-01', acceptedAt: '2026-01-15T09:00:00.000Z', documents: BUNDLED_TERMS_DOCUMENTS },
];

async function openSettings(role: 'USER' | 'ADMIN' = 'USER') {
  signIn(role, 'u-1');
  const view = renderAt('/parametres');
  await screen.findByRole('heading', { level: 1, name: 'Account settings' });
  return view;
}

describe('terms accepted, in the account settings', () => {
  it('lists every version the user accepted, newest first, with its date and PDFs in the reader’s language', async () => {
    answerOperations({ me: me(), tosHistory: history, myChatPreferences: { emailReminders: true } });
    await openSettings();
    const section = await screen.findByRole('region', { name: 'Terms of use accepted' });
    expect(await within(section).findByText(/Version 2026-07, accepted on/)).toHaveTextContent(/accepted on July 2, 2026/);
    expect(section).toHaveTextContent(/2026-07.*2026-01/);
    expect(within(section).getByRole('link', { name: 'Terms of use, version 2026-07 (PDF)' })).toHaveAttribute('href', july.termsEn);
    expect(within(section).getByRole('link', { name: 'Privacy policy, version 2026-07 (PDF)' })).toHaveAttribute('href', july.privacyEn);
    expect(within(section).getByRole('link', { name: 'Terms of use, version 2026-01 (PDF)' })).toHaveAttribute(
      'href',
      '/legal/conditions-utilisation-en.pdf',
    );
  });

  it('speaks French, dates and PDFs included, to a French reader', async () => {
    await i18n.changeLanguage('fr');
    try {
      answerOperations({ me: me(), tosHistory: history, myChatPreferences: { emailReminders: true } });
      signIn('USER', 'u-1');
      renderAt('/parametres');
      const section = await screen.findByRole('region', { name: 'Conditions d’utilisation acceptées' });
      expect(await within(section).findByText(/Version 2026-07, acceptée le/)).toHaveTextContent(/2 juillet 2026/);
      expect(within(section).getByRole('link', { name: 'Conditions d’utilisation, version 2026-07 (PDF)' })).toHaveAttribute(
        'href',
        july.termsFr,
      );
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('offers to try again when the history cannot be read', async () => {
    const api = answerOperations({
      me: me(),
      tosHistory: [new ApiError('INTERNAL', 'down'), history()],
      myChatPreferences: { emailReminders: true },
    });
    const { user } = await openSettings();
    const section = await screen.findByRole('region', { name: 'Terms of use accepted' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Your accepted versions could not be loaded.');
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByText(/Version 2026-07, accepted on/)).toBeVisible();
    expect(api.calls('tosHistory')).toHaveLength(2);
  });

  it('is not shown to administrators, who accept no terms', async () => {
    const api = answerOperations({ me: me('ADMIN') });
    await openSettings('ADMIN');
    expect(screen.queryByRole('region', { name: 'Terms of use accepted' })).toBeNull();
    expect(api.calls('tosHistory')).toEqual([]);
  });
});
