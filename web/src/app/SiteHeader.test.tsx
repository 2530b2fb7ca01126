import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, signIn } from '../test/helpers';

const headerNavigation = () => screen.findByRole('navigation', { name: 'Main navigation' });
const footerLinks = () => screen.getByRole('navigation', { name: 'Useful links' });

async function openAccountMenu(user: ReturnType<typeof renderAt>['user']) {
  await user.click(await screen.findByRole('button', { name: 'My account' }));
  return within(screen.getByRole('menu', { name: 'My account' }));
}

describe('site navigation', () => {
  it('offers visitors to log in or create an account', async () => {
    renderAt('/accueil');
    const navigation = await headerNavigation();
    expect(within(navigation).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/connexion');
    expect(within(navigation).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/inscription');
    expect(within(navigation).queryByRole('link', { name: 'Manage users' })).not.toBeInTheDocument();
    expect(within(navigation).queryByRole('link', { name: 'Ads' })).not.toBeInTheDocument();
  });

  it('gives a user the ad list, their public profile, their ads, their alerts, the profile form, settings and logout', async () => {
    signIn('USER', 'user-7');
    const { user } = renderAt('/accueil');
    expect(within(await headerNavigation()).getByRole('link', { name: 'Ads' })).toHaveAttribute('href', '/annonces');
    const menu = await openAccountMenu(user);
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'My profile',
      'Manage ads',
      'Create an ad',
      'My alerts',
      'Edit profile',
      'Account settings',
      'Log out',
    ]);
    expect(menu.getByRole('menuitem', { name: 'My profile' })).toHaveAttribute('href', '/profil/user-7');
    expect(menu.getByRole('menuitem', { name: 'Manage ads' })).toHaveAttribute('href', '/gerer-annonces');
    expect(menu.getByRole('menuitem', { name: 'Create an ad' })).toHaveAttribute('href', '/annonces/creer');
    expect(menu.getByRole('menuitem', { name: 'My alerts' })).toHaveAttribute('href', '/alertes');
    expect(menu.getByRole('menuitem', { name: 'Edit profile' })).toHaveAttribute('href', '/modifier-profil');
    expect(within(await headerNavigation()).queryByRole('link', { name: 'Manage users' })).not.toBeInTheDocument();
  });

  it('gives an administrator the ad list, user, ad and terms management, and no public profile of their own', async () => {
    signIn('ADMIN');
    const { user } = renderAt('/accueil');
    const navigation = within(await headerNavigation());
    expect(navigation.getByRole('link', { name: 'Ads' })).toHaveAttribute('href', '/annonces');
    expect(navigation.getByRole('link', { name: 'Manage users' })).toHaveAttribute('href', '/gestion-utilisateurs');
    const menu = await openAccountMenu(user);
    // Administrators prepare ads from the manage page: no "create an ad".
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Manage ads',
      'Manage the terms of use',
      'Edit profile',
      'Account settings',
      'Log out',
    ]);
  });

  it('links the terms and privacy PDFs of the current language from the footer', async () => {
    const { user } = renderAt('/accueil');
    await headerNavigation();
    expect(within(footerLinks()).getByRole('link', { name: 'Terms of use (PDF)' })).toHaveAttribute(
      'href',
      '/legal/conditions-utilisation-en.pdf',
    );
    expect(within(footerLinks()).getByRole('link', { name: 'Privacy policy (PDF)' })).toHaveAttribute(
      'href',
      '/legal/politique-confidentialite-en.pdf',
    );
    await user.click(screen.getByRole('button', { name: 'Français' }));
    const french = within(await screen.findByRole('navigation', { name: 'Liens utiles' }));
    expect(french.getByRole('link', { name: "Conditions d'utilisation (PDF)" })).toHaveAttribute(
      'href',
      '/legal/conditions-utilisation-fr.pdf',
    );
    expect(french.getByRole('link', { name: 'Politique de confidentialité (PDF)' })).toHaveAttribute(
      'href',
      '/legal/politique-confidentialite-fr.pdf',
    );
  });
});
