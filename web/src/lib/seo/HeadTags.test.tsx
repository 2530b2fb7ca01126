import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/helpers';
import { headTagsHtml, headTagsOf } from './head-tags';

const head = () => ({
  description: document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
  canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
  alternates: [...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map(
    (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
  ),
});
const origin = window.location.origin;

describe('head tags', () => {
  it('describe a public page in the reader’s language, with its canonical URL and language alternates', async () => {
    renderAt('/accueil');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(head().canonical).toBe(`${origin}/accueil?lang=en`));
    expect(head().description).toMatch(/^Rent, sell, trade or donate food equipment/);
    expect(head().alternates).toEqual([`fr ${origin}/accueil`, `en ${origin}/accueil?lang=en`, `x-default ${origin}/accueil`]);
  });

  it('follow the language toggle and client navigation, one set at a time', async () => {
    const { user, router } = renderAt('/connexion');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    await waitFor(() => expect(head().description).toBe('Log in to post ads, talk with organisations and manage your alerts.'));
    await user.click(screen.getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(head().canonical).toBe(`${origin}/connexion`));
    expect(head().description).toBe('Connectez-vous pour publier des annonces, échanger avec les organismes et gérer vos alertes.');
    await router.navigate('/inscription');
    await waitFor(() => expect(head().canonical).toBe(`${origin}/inscription`));
    expect(head().description).toMatch(/^Créez un compte gratuit/);
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(head().alternates).toHaveLength(3);
    await i18next.changeLanguage('en');
  });

  it('keep the description the server wrote on a page without one of its own (an ad’s)', async () => {
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'description');
    meta.setAttribute('content', 'Four combiné à louer');
    document.head.querySelector('meta[name="description"]')?.remove();
    document.head.append(meta);
    renderAt('/page-qui-n-existe-pas');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(head().canonical).toBe(`${origin}/page-qui-n-existe-pas?lang=en`));
    expect(head().description).toBe('Four combiné à louer');
  });

  it('are written as escaped HTML for the prerendered pages, root-relative without a site address', () => {
    const t = ((key: string) => (key === 'seo.descriptions.landing' ? 'Cuisines "pro" & <camions>' : key)) as never;
    const html = headTagsHtml(headTagsOf('/accueil', 'fr', '', t));
    expect(html).toContain('<meta name="description" content="Cuisines &quot;pro&quot; &amp; &lt;camions&gt;" />');
    expect(html).toContain('<link rel="canonical" href="/accueil" />');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="/accueil?lang=en" />');
    expect(headTagsHtml(headTagsOf('/parametres', 'en', 'https://partage.example', t))).not.toContain('description');
  });
});
