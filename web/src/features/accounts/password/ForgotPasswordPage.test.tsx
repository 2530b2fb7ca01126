import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, renderAt } from '../../../test/helpers';
import { answerOperations } from '../../../test/fake-api';

describe('forgot password page', () => {
  it('sends a reset link and gives the same answer whatever the address', async () => {
    const api = answerOperations({ sendPasswordReset: true });
    const { user } = renderAt('/mot-de-passe-oublie');
    await screen.findByRole('heading', { level: 1, name: 'Forgot password' });
    await waitFor(() => expect(document.title).toBe('Forgot password | Food Equipment Sharing'));
    await fill(user, screen.getByLabelText('Email'), '  inconnu@exemple.ca ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText(
        'If an account uses the address inconnu@exemple.ca, we have just sent it a link to choose a new password. This link is valid for 60 minutes.',
      ),
    ).toBeVisible();
    expect(api.calls('sendPasswordReset')).toEqual([{ input: { email: 'inconnu@exemple.ca' } }]);
    expect(screen.queryByLabelText('Email')).toBeNull();
  });

  it('starts with the address a dead reset link came with', async () => {
    answerOperations({});
    renderAt('/mot-de-passe-oublie?email=marie%40exemple.ca');
    expect(await screen.findByLabelText('Email')).toHaveValue('marie@exemple.ca');
  });

  it('is linked from the login page', async () => {
    answerOperations({});
    const { user, location } = renderAt('/connexion');
    await user.click(await within(await screen.findByRole('main')).findByRole('link', { name: 'Forgot your password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
    expect(location()).toBe('/mot-de-passe-oublie');
  });

  it('speaks French', async () => {
    const { i18n } = await import('../../../lib/i18n/i18n');
    await i18n.changeLanguage('fr');
    answerOperations({});
    renderAt('/mot-de-passe-oublie');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié' })).toBeVisible();
    expect(screen.getByLabelText('Courriel')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Envoyer le lien' })).toBeVisible();
  });
});
