import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ConfigModule from '../lib/config';
import type { SiteSettings } from '../lib/site-settings';
import { renderAt, signIn } from '../test/helpers';

// The deployment's settings as config.json gives them, after the first render (`arrive`).
const config = vi.hoisted(() => ({ site: {} as SiteSettings, arrived: true, arrive: () => undefined as void }));
vi.mock('../lib/config', async (importOriginal) => ({
  ...(await importOriginal<typeof ConfigModule>()),
  siteSettings: () => (config.arrived ? config.site : {}),
  runtimeConfigLoaded: () => config.arrived,
  loadRuntimeConfig: () => (config.arrived ? Promise.resolve({}) : new Promise((resolve) => (config.arrive = () => resolve({})))),
}));

const DEMO = {
  partnerName: 'Exemple.org',
  partnerUrl: 'https://www.example.org/',
  contactEmail: 'equipe@partage.localhost',
  videoUrl: 'https://www.example.org/video',
};

beforeEach(() => {
  config.site = DEMO;
  config.arrived = true;
});

const headerNavigation = () => screen.findByRole('navigation', { name: 'Main navigation' });
const footerLinks = () => screen.getByRole('navigation', { name: 'Useful links' });

async function openAccountMenu(user: ReturnType<typeof renderAt>['user']) {
  await user.click(await screen.findByRole('button', { name: 'My account' }));
  return within(screen.getByRole('menu', { name: 'My account' }));
}

describe('site navigation', () => {
  it('offers visitors the ads directly, and to log in or create an account', async () => {
    renderAt('/accueil');
    const navigation = await headerNavigation();
    expect(within(navigation).getByRole('link', { name: 'Ads' })).toHaveAttribute('href', '/annonces');
    expect(within(navigation).getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/connexion');
    expect(within(navigation).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/inscription');
    expect(within(navigation).queryByRole('link', { name: 'Manage users' })).not.toBeInTheDocument();
    expect(within(navigation).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/a-propos');
    expect(within(navigation).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/nous-joindre');
  });

  it('keeps the marketing entries for the full-screen pages once signed in', async () => {
    signIn('USER');
    const { router } = renderAt('/accueil');
    expect(within(await headerNavigation()).getByRole('button', { name: 'How it works' })).toBeVisible();
    await act(() => router.navigate('/parametres'));
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });
    expect(within(await headerNavigation()).queryByRole('button', { name: 'How it works' })).not.toBeInTheDocument();
    expect(within(await headerNavigation()).queryByRole('link', { name: 'About' })).not.toBeInTheDocument();
  });

  it('gives a user the ad list, their public profile, their ads, their favourites, their alerts, payments, the profile form, settings and logout', async () => {
    signIn('USER', 'user-7');
    const { user } = renderAt('/accueil');
    expect(within(await headerNavigation()).getByRole('link', { name: 'Ads' })).toHaveAttribute('href', '/annonces');
    const menu = await openAccountMenu(user);
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
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
    expect(menu.getByRole('menuitem', { name: 'My profile' })).toHaveAttribute('href', '/profil/user-7');
    expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute('href', '/tableau-de-bord');
    expect(menu.getByRole('menuitem', { name: 'Manage ads' })).toHaveAttribute('href', '/gerer-annonces');
    expect(menu.getByRole('menuitem', { name: 'My favourites' })).toHaveAttribute('href', '/favoris');
    expect(menu.getByRole('menuitem', { name: 'Create an ad' })).toHaveAttribute('href', '/annonces/creer');
    expect(menu.getByRole('menuitem', { name: 'My alerts' })).toHaveAttribute('href', '/alertes');
    expect(menu.getByRole('menuitem', { name: 'Payments' })).toHaveAttribute('href', '/paiements');
    expect(menu.getByRole('menuitem', { name: 'Edit profile' })).toHaveAttribute('href', '/modifier-profil');
    expect(within(await headerNavigation()).queryByRole('link', { name: 'Manage users' })).not.toBeInTheDocument();
  });

  it('gives an administrator the ad list, their favourites, user, ad, terms and contracts management, and no public profile of their own', async () => {
    signIn('ADMIN');
    const { user } = renderAt('/accueil');
    const navigation = within(await headerNavigation());
    expect(navigation.getByRole('link', { name: 'Ads' })).toHaveAttribute('href', '/annonces');
    expect(navigation.getByRole('link', { name: 'Manage users' })).toHaveAttribute('href', '/gestion-utilisateurs');
    const menu = await openAccountMenu(user);
    // Administrators prepare ads from the manage page: no "create an ad".
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Manage ads',
      'My favourites',
      'Manage the terms of use',
      'Manage contracts',
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
    // The other language's document too, named in its language.
    const frenchTerms = within(footerLinks()).getByRole('link', { name: "Conditions d'utilisation en français (PDF)" });
    expect(frenchTerms).toHaveAttribute('href', '/legal/conditions-utilisation-fr.pdf');
    expect(frenchTerms).toHaveAttribute('lang', 'fr');
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
    expect(french.getByRole('link', { name: 'Privacy policy in English (PDF)' })).toHaveAttribute(
      'href',
      '/legal/politique-confidentialite-en.pdf',
    );
  });
});

describe("the phone's navigation menu", () => {
  const menuButton = async () => within(await headerNavigation()).getByRole('button', { name: 'Menu' });

  it('opens the entries from its button, closes on Escape back on it, and when a link is followed', async () => {
    const { user, location } = renderAt('/accueil');
    const button = await menuButton();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const entries = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(within(entries).getByRole('link', { name: 'Ads' })).toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(entries).toHaveClass('site-header__items--open');
    await user.tab();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.click(button);
    await user.click(within(entries).getByRole('link', { name: 'About' }));
    await waitFor(() => expect(location()).toBe('/a-propos'));
    expect(await menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves an open "how it works" list to close first on Escape', async () => {
    const { user } = renderAt('/accueil');
    const button = await menuButton();
    await user.click(button);
    const howItWorks = within(await headerNavigation()).getByRole('button', { name: 'How it works' });
    await user.click(howItWorks);
    await user.keyboard('{Escape}');
    expect(howItWorks).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });
});

describe('the how-it-works disclosure', () => {
  const howItWorks = async () => within(await headerNavigation()).getByRole('button', { name: 'How it works' });

  it('opens with Enter or Space, lists the guides, the video and the FAQ, and closes on Escape back on its button', async () => {
    const { user } = renderAt('/accueil');
    const button = await howItWorks();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(list).not.toBeVisible();

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Post an ad', '/equipement-a-partager'],
      ['View the ads', '/recherche-d-equipement'],
      ['The introduction video (opens in a new tab)', 'https://www.example.org/video'],
      ['Frequently asked questions', '/faq'],
    ]);
    expect(within(list).getByRole('link', { name: /video/ })).toHaveAttribute('target', '_blank');

    await user.tab();
    expect(within(list).getByRole('link', { name: 'Post an ad' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(list).not.toBeVisible();
  });

  it('closes on a click elsewhere and when a link is followed', async () => {
    const { user, location } = renderAt('/accueil');
    const button = await howItWorks();
    await screen.findByRole('heading', { level: 1 });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'View the ads' }));
    await waitFor(() => expect(location()).toBe('/recherche-d-equipement'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Find the equipment you need' })).toBeVisible();
    expect(await howItWorks()).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers the video only when the deployment has one', async () => {
    config.site = { ...DEMO, videoUrl: undefined };
    const { user } = renderAt('/accueil');
    const button = await howItWorks();
    await user.click(button);
    const list = within(document.getElementById(button.getAttribute('aria-controls')!)!);
    expect(list.getAllByRole('link').map((link) => link.textContent)).toEqual(['Post an ad', 'View the ads', 'Frequently asked questions']);
  });
});

describe('site footer', () => {
  it('links the partner organisation, the FAQ and the contact address of the deployment', async () => {
    renderAt('/accueil');
    await headerNavigation();
    const footer = within(footerLinks());
    expect(await footer.findByRole('link', { name: 'Partner organisation: Exemple.org' })).toHaveAttribute(
      'href',
      'https://www.example.org/',
    );
    expect(footer.getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute('href', '/faq');
    expect(footer.getByRole('link', { name: 'Write to us: equipe@partage.localhost' })).toHaveAttribute(
      'href',
      'mailto:equipe@partage.localhost',
    );
    expect(footer.getByRole('button', { name: 'Cookie preferences' })).toBeVisible();
  });

  it('shows no partner or contact link the deployment does not set', async () => {
    config.site = {};
    renderAt('/accueil');
    await headerNavigation();
    const footer = within(footerLinks());
    expect(footer.getByRole('link', { name: 'Frequently asked questions' })).toBeVisible();
    expect(footer.queryByRole('link', { name: /Partner/ })).not.toBeInTheDocument();
    expect(footer.queryByRole('link', { name: /Write to us/ })).not.toBeInTheDocument();
  });

  it('adds the links when the settings arrive after the first render', async () => {
    config.arrived = false;
    renderAt('/accueil');
    await headerNavigation();
    expect(within(footerLinks()).queryByRole('link', { name: /Partner/ })).not.toBeInTheDocument();
    config.arrived = true;
    config.arrive();
    expect(await within(footerLinks()).findByRole('link', { name: 'Partner organisation: Exemple.org' })).toBeVisible();
  });
});
