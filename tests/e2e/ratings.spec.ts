// Ratings after a rental (issue 21), on the ended demo rentals (functions/domain/ratings/demo-ratings-seed.ts):
// - in French, the tenant rates the equipment then the owner from the dashboard's "ratings to give",
//   the owner rates the tenant, and both ratings are published at once: each sees the other's, and
//   the owner's public profile and the ad's page show them; the owner reports the tenant's comment, the
//   administrator hides it from /moderation, the profile shows it hidden (its stars kept) and its author
//   is told by e-mail;
// - in English, a lone rating (the owner's) is published by its deadline's one-time job, fired from the
//   dev schedules page. The job acts as of the instant it was scheduled for, so "Run now" stands for
//   the clock moving 14 days without moving the host's clock, which the other journeys of the host share.
// Each journey takes the first rental its user still has to rate (two per pair are seeded, so a retry finds one).
import { expect, fillLogin, loginAdminWithEmailedCode, test, waitForEmail, type Lang } from './support';
import type { Page } from '@playwright/test';

const USERS = {
  traiteur: 'traiteur@exemple.ca',
  ecole: 'ecole@exemple.ca',
  ferme: 'ferme@exemple.ca',
};

async function loginTo(page: Page, lang: Lang, email: string, path: string) {
  await page.goto(`/connexion?lang=${lang}&returnPath=${encodeURIComponent(path)}`);
  await fillLogin(page, lang, email);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

async function logout(page: Page, lang: Lang) {
  await page.getByRole('button', { name: lang === 'fr' ? 'Mon compte' : 'My account' }).click();
  await page.getByRole('menuitem', { name: lang === 'fr' ? 'Se déconnecter' : 'Log out' }).click();
  await expect(page.getByRole('link', { name: lang === 'fr' ? 'Se connecter' : 'Log in' }).first()).toBeVisible();
}

/** Gives `stars` to each criterion (a group of radio buttons named by it). */
async function rate(page: Page, criteria: Record<string, number>, starsName: (n: number) => string) {
  for (const [criterion, stars] of Object.entries(criteria)) {
    await page
      .getByRole('group', { name: criterion })
      .getByRole('radio', { name: starsName(stars) })
      .check();
  }
}

const frStars = (n: number) => `${n} étoile${n > 1 ? 's' : ''} sur 5`;
const enStars = (n: number) => `${n} star${n > 1 ? 's' : ''} out of 5`;

test('the tenant rates the equipment then the owner, the owner rates the tenant, both are published at once and shown on the profile and the ad; a report hidden by an admin', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people in turn, the administrator with an e-mailed code: longer than one person's walk.
  test.slow();
  // Its own words, so that the moderators' case and the review are this run's (a retry rates the second rental).
  const comment = `Cuisine impeccable et accueil chaleureux (${Date.now().toString(36)}).`;
  await loginTo(page, 'fr', USERS.ecole, '/tableau-de-bord');
  const toGive = page.getByRole('region', { name: 'À faire' });
  await toGive
    .getByRole('link', { name: /^Évaluer avant le/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contrats\/[^/]+\/evaluation$/);
  const ratingPath = new URL(page.url()).pathname;

  await expect(page.getByText('Étape 1 sur 2')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: "L'équipement" })).toBeVisible();
  await rate(page, { "Conformité à l'annonce": 5, Propreté: 4, Sécurité: 5 }, frStars);
  await page.getByRole('button', { name: 'Étape suivante' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Le propriétaire' })).toBeVisible();
  await rate(page, { 'Respect du contrat': 5, Communication: 4, Fiabilité: 5 }, frStars);
  await page.getByLabel('Commentaire (facultatif)').fill(comment);
  await page.getByRole('button', { name: "Envoyer l'évaluation" }).click();
  await expect(page.getByText(/Envoyée\. Elle sera publiée quand Traiteur Saveurs du Fleuve aura évalué aussi/)).toBeVisible();
  await logout(page, 'fr');

  await loginTo(page, 'fr', USERS.traiteur, ratingPath);
  // Blind: the tenant's rating is not shown before the owner has rated.
  await expect(page.getByText('Étape 1 sur 1')).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Le locataire' })).toBeVisible();
  await rate(page, { 'Respect du contrat': 4, Communication: 5, Fiabilité: 4 }, frStars);
  await page.getByRole('button', { name: "Envoyer l'évaluation" }).click();
  await expect(page.getByText(/^Publiée le/)).toBeVisible();
  const theirs = page.getByRole('region', { name: /L'évaluation de Centre de formation/ });
  await expect(theirs.getByText(comment)).toBeVisible();
  await expect(theirs.getByText("Conformité à l'annonce").locator('xpath=following-sibling::dd')).toHaveText('5 étoiles sur 5');

  await page.goto('/profil/demo-traiteur');
  const reviews = page.getByRole('region', { name: 'Évaluations' });
  // Reputation counts arm's length (issue 37 §8): how many organisations the ratings come from.
  await expect(reviews.getByText(/sur 5, d'après \d+ évaluations? de \d+ organisations?$/)).toBeVisible();
  const review = reviews.getByRole('listitem').filter({ hasText: comment });
  await expect(review).toContainText('Par Centre de formation en alimentation du Saguenay, locataire');

  // The rated owner reports the comment; the administrator hides it from the moderation queue.
  await review.getByRole('button', { name: 'Signaler ce commentaire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signaler' });
  await dialog.getByRole('radio', { name: 'Contenu offensant' }).check();
  await dialog.getByRole('button', { name: 'Envoyer le signalement' }).click();
  await expect(dialog.getByRole('status')).toHaveText(/Merci : votre signalement a été transmis/);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await loginAdminWithEmailedCode(admin, adminContext.request, 'fr');
    await admin.goto('/moderation');
    const found = admin.getByRole('article').filter({ hasText: comment });
    await expect(found.getByRole('heading', { name: 'Commentaire d’évaluation — 1 signalement' })).toBeVisible();
    await found.getByRole('radio', { name: /Masquer le commentaire, garder les étoiles/ }).check();
    await found.getByLabel(/^Raison/).fill('Propos sans rapport avec la location');
    const since = Date.now() - 1000;
    await found.getByRole('button', { name: 'Appliquer la décision' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Le dossier est traité.' })).toBeVisible();
    const told = await waitForEmail(adminContext.request, USERS.ecole, since);
    expect(told.subject).toBe('Votre commentaire a été masqué');
    expect(told.text).toContain('Propos sans rapport avec la location');
  } finally {
    await adminContext.close();
  }
  await page.reload();
  // Newest first: this run's review, its stars kept, its words gone.
  const hidden = page.getByRole('region', { name: 'Évaluations' }).getByRole('listitem').first();
  await expect(hidden).toContainText('Commentaire masqué par la modération');
  await expect(hidden).toContainText('Par Centre de formation en alimentation du Saguenay, locataire');
  await expect(page.getByText(comment)).toHaveCount(0);
  await hidden.getByRole('link').click();
  await expect(page).toHaveURL(/\/annonces\/.+/);
  await expect(page.getByRole('region', { name: 'Évaluations de l’équipement' }).getByText(/d'après \d+ évaluations?$/)).toBeVisible();
});

test('a lone rating is published by its deadline’s job, once the other side has not rated', async ({ page }) => {
  await loginTo(page, 'en', USERS.ferme, '/tableau-de-bord');
  await page
    .getByRole('region', { name: 'To do' })
    .getByRole('link', { name: /^Rate before/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/contrats\/[^/]+\/evaluation$/);
  const ratingPath = new URL(page.url()).pathname;
  const contractId = ratingPath.split('/')[2]!;
  await expect(page.getByRole('heading', { level: 2, name: 'The tenant' })).toBeVisible();
  await rate(page, { 'Respect of the contract': 5, Communication: 5, Reliability: 4 }, enStars);
  await page.getByLabel('Comment (optional)').fill('Careful and on time.');
  await page.getByRole('button', { name: 'Send the rating' }).click();
  await expect(page.getByText(/Sent\. It will be published when Conserverie du Bas-Saint-Laurent has rated too/)).toBeVisible();

  // The deadline's schedule, fired now from the dev page (the job takes it as its instant).
  await page.goto('/_dev/schedules');
  await page.getByRole('button', { name: `Run rating-publish-${contractId} now` }).click();
  await expect(page.getByText(`rating-publish-${contractId}`).first()).toContainText('done');

  await page.goto(`${ratingPath}?lang=en`);
  await expect(page.getByText(/^Published on/)).toBeVisible();
  await page.goto('/profil/demo-conserverie');
  const review = page.getByRole('region', { name: 'Ratings' }).getByRole('listitem').filter({ hasText: 'Careful and on time.' });
  await expect(review).toContainText("By Coopérative maraîchère de l'Estrie, owner");
});

// On a 375 px phone (issue 36 §14, §16): the demo tenant's dashboard puts first what waits for them (the
// proposal to pay), then their contracts, each status in words with its own badge and nothing wider
// than the screen; their paid rental that has not ended yet (demo-contracts-seed.ts) is not "too late"
// to rate: its rating screen says when rating opens.
const PHONE_WORDS = {
  fr: {
    todo: 'À faire',
    pay: 'Lire et payer',
    asTenant: 'Mes contrats comme locataire',
    statuses: ['Proposé', 'Payé', 'Versé au propriétaire', 'Terminé', 'Annulé', 'Remboursé'],
    opens: /^L'évaluation ouvrira à la fin de la location, le \d+ \S+ \d{4}\.$/,
  },
  en: {
    todo: 'To do',
    pay: 'Read and pay',
    asTenant: 'My contracts as tenant',
    statuses: ['Proposed', 'Paid', 'Paid out to the owner', 'Over', 'Cancelled', 'Refunded'],
    opens: /^Rating opens when the rental is over, on \S+ \d+, \d{4}\.$/,
  },
} as const;

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  for (const lang of ['fr', 'en'] as const) {
    const words = PHONE_WORDS[lang];
    test(`${lang}: the dashboard puts what to do first, statuses told apart; a rating opened before the end says when it opens`, async ({
      page,
    }) => {
      await loginTo(page, lang, 'locataire@exemple.ca', '/tableau-de-bord');
      const toDo = page.getByRole('region', { name: words.todo });
      await expect(toDo.getByRole('link', { name: words.pay }).first()).toBeVisible();
      const asTenant = page.getByRole('region', { name: words.asTenant });
      for (const status of words.statuses) {
        const badge = asTenant.locator('.contract-status').filter({ hasText: status }).first();
        await expect(badge).toBeVisible();
        await expect(badge.locator('svg')).toHaveCount(1);
      }
      const regions = await page.locator('.dashboard > section > h2').allTextContents();
      expect(regions[0]).toBe(words.todo);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await page.goto(`/contrats/demo-contrat-paye/evaluation?lang=${lang}`);
      await expect(page.getByRole('status').filter({ hasText: words.opens })).toBeVisible();
    });
  }
});
