import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n/i18n';
import type * as ConfigModule from '../../lib/config';
import type { SiteSettings } from '../../lib/site-settings';
import { renderAt } from '../../test/helpers';

const config = vi.hoisted(() => ({ site: {} as SiteSettings }));
vi.mock('../../lib/config', async (importOriginal) => ({
  ...(await importOriginal<typeof ConfigModule>()),
  siteSettings: () => config.site,
  runtimeConfigLoaded: () => true,
  loadRuntimeConfig: () => Promise.resolve({}),
}));

beforeEach(() => {
  config.site = { partnerName: 'Exemple.org', partnerUrl: 'https://www.example.org/' };
});

const h2s = () =>
  within(screen.getByRole('main'))
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

// Each page: its address, then per language its title, h1 and section headings.
const PAGES = [
  {
    path: '/equipement-a-partager',
    en: {
      title: 'Share equipment',
      h1: 'Share your equipment and spaces',
      h2: [
        'What you can offer',
        'Rent, sell, trade or donate',
        'Posting an ad, step by step',
        'Contract, payment and payout',
        'Your equipment could be in use this week',
      ],
    },
    fr: {
      title: "Partager de l'équipement",
      h1: 'Partagez votre équipement et vos espaces',
      h2: [
        'Ce que vous pouvez offrir',
        'Louer, vendre, échanger ou donner',
        'Publier une annonce, étape par étape',
        'Contrat, paiement et versement',
        'Votre équipement peut servir dès cette semaine',
      ],
    },
  },
  {
    path: '/recherche-d-equipement',
    en: {
      title: 'Find equipment',
      h1: 'Find the equipment you need',
      h2: ['Searching the ads', 'Getting alerts', 'Reaching the owner and closing the deal', 'Start your search'],
    },
    fr: {
      title: "Trouver de l'équipement",
      h1: "Trouvez l'équipement qu'il vous faut",
      h2: ['Chercher les annonces', 'Recevoir des alertes', 'Joindre le propriétaire et conclure', 'Commencez votre recherche'],
    },
  },
  {
    path: '/a-propos',
    en: {
      title: 'About',
      h1: 'About the project',
      h2: ['Our mission', 'Who is behind the project', 'Who it is for', 'A question, an idea?'],
    },
    fr: {
      title: 'À propos',
      h1: 'À propos du projet',
      h2: ['Notre mission', 'Qui est derrière le projet', 'Pour qui', 'Une question, une idée?'],
    },
  },
  {
    path: '/faq',
    en: {
      title: 'Frequently asked questions',
      h1: 'Frequently asked questions',
      h2: ['Questions and answers', 'Cannot find your answer?'],
    },
    fr: { title: 'Foire aux questions', h1: 'Foire aux questions', h2: ['Questions et réponses', 'Vous ne trouvez pas votre réponse?'] },
  },
];

const SITE_NAME = { en: 'Food Equipment Sharing', fr: "Partage d'équipement alimentaire" };

// The first test of each language also loads the pages' chunks and words: over 5 s on a busy machine.
describe.each(['en', 'fr'] as const)('marketing pages in %s', (language) => {
  it.each(PAGES)('$path has its title and headings', async (page) => {
    await i18n.changeLanguage(language);
    renderAt(page.path);
    const words = page[language];
    expect(await screen.findByRole('heading', { level: 1, name: words.h1 })).toBeVisible();
    expect(h2s()).toEqual(words.h2);
    await waitFor(() => expect(document.title).toBe(`${words.title} | ${SITE_NAME[language]}`));
  });
});

describe('how to share equipment', () => {
  it('invites the owner to publish and tells when the payout comes', async () => {
    renderAt('/equipement-a-partager');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    main.getAllByRole('link', { name: 'Post an ad' }).forEach((link) => expect(link).toHaveAttribute('href', '/annonces/creer'));
    expect(main.getByText('The amount is paid out to you 24 hours after the rental starts.')).toBeVisible();
    expect(main.getByRole('link', { name: 'Read the frequently asked questions' })).toHaveAttribute('href', '/faq');
  });
});

describe('how to look for equipment', () => {
  it('leads to the search and to the alert form', async () => {
    renderAt('/recherche-d-equipement');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    main.getAllByRole('link', { name: 'Search the ads' }).forEach((link) => expect(link).toHaveAttribute('href', '/annonces'));
    main.getAllByRole('link', { name: 'Create an alert' }).forEach((link) => expect(link).toHaveAttribute('href', '/alertes/creer'));
  });
});

describe('about page', () => {
  it('names and links the partner organisation of the deployment', async () => {
    renderAt('/a-propos');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/The project is led by Exemple.org/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Visit the website of Exemple.org' })).toHaveAttribute('href', 'https://www.example.org/');
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/nous-joindre');
  });

  it('speaks of a partner organisation when the deployment names none', async () => {
    config.site = {};
    renderAt('/a-propos');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByText(/The project is led by a partner organisation/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /Visit the website/ })).not.toBeInTheDocument();
  });
});

describe('FAQ', () => {
  it('lists the questions, each answer opening under its question', async () => {
    const { user } = renderAt('/faq');
    await screen.findByRole('heading', { level: 1 });
    const questions = within(screen.getByRole('region', { name: 'Questions and answers' })).getAllByRole('group');
    expect(questions.length).toBeGreaterThanOrEqual(10);
    expect(questions.length).toBeLessThanOrEqual(14);
    const payout = screen.getByText('When is the owner paid?');
    const answer = screen.getByText('The payout is made 24 hours after the rental starts.');
    expect(answer).not.toBeVisible();
    await user.click(payout);
    expect(answer).toBeVisible();
  });
});
