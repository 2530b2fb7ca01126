import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@partage/graphql';
import type { SignedInRole } from '../lib/auth/tokens';
import { i18n } from '../lib/i18n/i18n';
import { answerOperations, callsOf } from '../test/fake-api';
import { signIn } from '../test/helpers';
import { LanguageToggle } from './LanguageToggle';

async function toggle() {
  render(<LanguageToggle />);
  await userEvent.setup().click(screen.getByRole('button', { name: 'Français' }));
}

describe('the language toggle', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it.each<SignedInRole>(['USER', 'ADMIN'])(
    'makes the language a signed-in %s picks their e-mail language, without reloading',
    async (role) => {
      answerOperations({ updateUserProfile: { id: 'user-7' } });
      signIn(role, 'user-7');
      await toggle();
      expect(await screen.findByRole('button', { name: 'English' })).toBeVisible();
      expect(i18n.language).toBe('fr');
      expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('fr');
      await waitFor(() => expect(callsOf('updateUserProfile')).toEqual([{ input: { userId: 'user-7', language: 'FRENCH' } }]));
    },
  );

  it('only switches the page for a visitor', async () => {
    await toggle();
    expect(await screen.findByRole('button', { name: 'English' })).toBeVisible();
    expect(callsOf('updateUserProfile')).toEqual([]);
  });
});
