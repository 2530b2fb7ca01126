import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@partage/graphql';
import { getSession } from '../lib/auth/session';
import { renderAt, signIn } from '../test/helpers';

const headerNavigation = () => screen.findByRole('navigation', { name: 'Main navigation' });

describe('app shell', () => {
  it('offers the skip link first, and it moves focus to the main content', async () => {
    const { user } = renderAt('/accueil');
    await screen.findByRole('heading', { level: 1 });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('switches to French, remembers it and updates the page language and title', async () => {
    const { user } = renderAt('/connexion');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await user.click(screen.getByRole('button', { name: 'Français' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('fr');
    await waitFor(() => expect(document.title).toBe("Connexion | Partage d'équipement alimentaire"));
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
  });

  it('shows visitors a login link, not the account menu', async () => {
    renderAt('/accueil');
    expect(within(await headerNavigation()).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/connexion');
    expect(screen.queryByRole('button', { name: 'My account' })).not.toBeInTheDocument();
  });

  it('runs the account menu from the keyboard: arrows move, Escape closes and returns focus', async () => {
    signIn('USER');
    const { user } = renderAt('/accueil');
    const button = await screen.findByRole('button', { name: 'My account' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: 'My account' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'My profile',
      'Dashboard',
      'Manage ads',
      'My favourites',
      'Create an ad',
      'My alerts',
      'Payments',
      'Edit profile',
      'Account settings',
      'Log out',
    ]);
    expect(items[0]).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(items.at(-1)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('goes to account settings from the menu', async () => {
    signIn('ADMIN');
    const { user, location } = renderAt('/accueil');
    await user.click(await screen.findByRole('button', { name: 'My account' }));
    await user.click(screen.getByRole('menuitem', { name: 'Account settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    expect(location()).toBe('/parametres');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('logs out from a protected page: tokens and map position cleared, landing page shown', async () => {
    signIn('USER');
    localStorage.setItem(STORAGE_KEYS.mapLatitude, '46.8');
    localStorage.setItem(STORAGE_KEYS.mapLongitude, '-71.2');
    localStorage.setItem(STORAGE_KEYS.mapZoom, '10');
    localStorage.setItem(STORAGE_KEYS.locale, 'en');
    const { user, location } = renderAt('/parametres');
    await user.click(await screen.findByRole('button', { name: 'My account' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));

    await waitFor(() => expect(location()).toBe('/accueil'));
    expect(getSession()).toBeNull();
    const cleared = [
      STORAGE_KEYS.token,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.mapLatitude,
      STORAGE_KEYS.mapLongitude,
      STORAGE_KEYS.mapZoom,
    ];
    expect(cleared.map((key) => localStorage.getItem(key))).toEqual([null, null, null, null, null]);
    expect(localStorage.getItem(STORAGE_KEYS.locale)).toBe('en');
    expect(within(await headerNavigation()).getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});
