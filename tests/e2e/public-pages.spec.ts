// The public marketing pages in the browser: from the landing page through the header's "how it
// works" disclosure to each guide and the FAQ, then the about page, in French and then in English;
// the latest ads arriving without moving what follows them; the footer's links from config.json (the
// local host's demo settings, infra/shared/site-settings.ts); axe on every page.
import type { Page } from '@playwright/test';
import { localSiteSettings } from '../../infra/shared/site-settings';
import { test, expect, type Lang } from './support';

const SITE = localSiteSettings({});

const WORDS = {
  fr: {
    landing: "Partagez l'équipement et les espaces du secteur alimentaire",
    latest: 'Les dernières annonces',
    audience: 'Pour qui?',
    howItWorks: 'Comment ça marche',
    postAd: 'Publier une annonce',
    share: 'Partagez votre équipement et vos espaces',
    viewAds: 'Consulter les annonces',
    find: "Trouvez l'équipement qu'il vous faut",
    video: /La vidéo de présentation/,
    faq: 'Foire aux questions',
    payout: 'Quand le propriétaire est-il payé?',
    payoutAnswer: 'Le versement est fait 24 heures après le début de la location.',
    about: 'À propos',
    aboutTitle: 'À propos du projet',
    partnerSentence: `Le projet est porté par ${SITE.partnerName}`,
    footer: 'Liens utiles',
    partner: `Organisme partenaire\u00a0: ${SITE.partnerName}`,
    contact: `Nous écrire\u00a0: ${SITE.contactEmail}`,
    otherLanguage: 'English',
  },
  en: {
    landing: 'Share equipment and spaces across the food sector',
    latest: 'Latest ads',
    audience: 'Who is it for?',
    howItWorks: 'How it works',
    postAd: 'Post an ad',
    share: 'Share your equipment and spaces',
    viewAds: 'View the ads',
    find: 'Find the equipment you need',
    video: /The introduction video/,
    faq: 'Frequently asked questions',
    payout: 'When is the owner paid?',
    payoutAnswer: 'The payout is made 24 hours after the rental starts.',
    about: 'About',
    aboutTitle: 'About the project',
    partnerSentence: `The project is led by ${SITE.partnerName}`,
    footer: 'Useful links',
    partner: `Partner organisation: ${SITE.partnerName}`,
    contact: `Write to us: ${SITE.contactEmail}`,
    otherLanguage: 'Français',
  },
};

const header = (page: Page) => page.getByRole('banner');
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Opens the header's disclosure and follows one of its links. */
async function throughHowItWorks(page: Page, lang: Lang, link: string): Promise<void> {
  const button = header(page).getByRole('button', { name: WORDS[lang].howItWorks });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await header(page).getByRole('link', { name: link }).click();
}

async function walkThePages(page: Page, lang: Lang): Promise<void> {
  const w = WORDS[lang];
  await expect(h1(page, w.landing)).toBeVisible();

  // The disclosure: the video opens elsewhere, Escape closes it.
  const button = header(page).getByRole('button', { name: w.howItWorks });
  await button.click();
  const video = header(page).getByRole('link', { name: w.video });
  await expect(video).toHaveAttribute('href', SITE.videoUrl);
  await expect(video).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();

  await throughHowItWorks(page, lang, w.postAd);
  await expect(page).toHaveURL(/\/equipement-a-partager$/);
  await expect(h1(page, w.share)).toBeVisible();

  await throughHowItWorks(page, lang, w.viewAds);
  await expect(page).toHaveURL(/\/recherche-d-equipement$/);
  await expect(h1(page, w.find)).toBeVisible();

  await throughHowItWorks(page, lang, w.faq);
  await expect(page).toHaveURL(/\/faq$/);
  await expect(h1(page, w.faq)).toBeVisible();
  await page.getByText(w.payout).click();
  await expect(page.getByText(w.payoutAnswer)).toBeVisible();

  await header(page).getByRole('link', { name: w.about, exact: true }).click();
  await expect(page).toHaveURL(/\/a-propos$/);
  await expect(h1(page, w.aboutTitle)).toBeVisible();
  await expect(page.getByText(w.partnerSentence)).toBeVisible();

  const footer = page.getByRole('navigation', { name: w.footer });
  await expect(footer.getByRole('link', { name: w.partner })).toHaveAttribute('href', SITE.partnerUrl);
  await expect(footer.getByRole('link', { name: w.contact })).toHaveAttribute('href', `mailto:${SITE.contactEmail}`);
  await expect(footer.getByRole('link', { name: w.faq })).toHaveAttribute('href', '/faq');
}

test('a visitor walks the public pages through the header, in French then in English, with the footer of the deployment', async ({
  page,
}) => {
  // Ten pages, each checked by axe: over a minute on a busy shared machine.
  test.slow();
  await page.goto('/accueil?lang=fr');
  await walkThePages(page, 'fr');

  await page.getByRole('button', { name: WORDS.fr.otherLanguage }).click();
  // Home through the brand link, in the new language.
  await page.getByRole('link', { name: 'Food Equipment Sharing' }).click();
  await walkThePages(page, 'en');
});

test('the latest ads load when scrolled to, into the space held for them', async ({ page }) => {
  await page.goto('/accueil?lang=en');
  await expect(h1(page, WORDS.en.landing)).toBeVisible();
  const latest = page.getByRole('region', { name: WORDS.en.latest });
  const below = page.getByRole('heading', { level: 2, name: WORDS.en.audience });
  // Nothing asked yet: the section is far below the first screen.
  await expect(latest.getByRole('article')).toHaveCount(0);
  const searches: string[] = [];
  page.on('request', (request) => request.postData()?.includes('SearchAds') && searches.push(request.url()));

  // Where what follows stands with the space held, measured before the scroll starts the loading.
  const before = await below.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  await latest.getByRole('heading', { level: 2 }).scrollIntoViewIfNeeded();
  await expect(latest.getByRole('article')).toHaveCount(6);
  const after = await below.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  expect(searches).toHaveLength(1);
  // What follows the section stays where it was (the placeholders had the cards' size).
  expect(Math.abs(after - before)).toBeLessThanOrEqual(2);
});
