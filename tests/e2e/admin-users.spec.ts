// The administrators' user list (search, pages) and the invitation of an administrator, who completes
// the account from the e-mailed link and logs in with a code.
import type { Page } from '@playwright/test';
import { test, testIn, expect, LABELS, fillLogin, linkIn, loginAdminWithEmailedCode, waitForEmail, signUpThroughApi } from './support';

const TEXT = {
  fr: {
    users: 'Gestion des utilisateurs',
    search: 'Rechercher un utilisateur',
    table: 'Utilisateurs',
    createAdmin: 'Créer un administrateur',
    email: 'Courriel',
    firstName: 'Prénom',
    lastName: 'Nom',
    invite: "Envoyer l'invitation",
    invited: /L'invitation a été envoyée/,
    admin: 'Administrateur',
    password: 'Mot de passe',
    confirmPassword: 'Confirmer le mot de passe',
    complete: 'Créer mon compte',
    ready: /Votre compte administrateur est prêt/,
    page: (page: number, count: number) => `Page ${page} : ${count} utilisateurs.`,
    onePage: (page: number) => `Page ${page} : 1 utilisateur.`,
    next: 'Page suivante',
    previous: 'Page précédente',
  },
  en: {
    users: 'User management',
    search: 'Search for a user',
    table: 'Users',
    createAdmin: 'Create an administrator',
    email: 'Email',
    firstName: 'First name',
    lastName: 'Last name',
    invite: 'Send the invitation',
    invited: /The invitation has been sent/,
    admin: 'Administrator',
    password: 'Password',
    confirmPassword: 'Confirm the password',
    complete: 'Create my account',
    ready: /Your administrator account is ready/,
    page: (page: number, count: number) => `Page ${page}: ${count} users.`,
    onePage: (page: number) => `Page ${page}: 1 user.`,
    next: 'Next page',
    previous: 'Previous page',
  },
} as const;

/** Distinguishes this run's accounts from any other's. */
const RUN = Date.now().toString(36);
/** More users than one page holds (20), all with the same last name. */
const LISTED = 22;
const LAST_NAME = `Lapage${RUN}`;
const listedEmail = (n: number) => `liste.${RUN}.${String(n).padStart(2, '0')}@exemple.ca`;

const rows = (page: Page, lang: 'fr' | 'en') => page.getByRole('table', { name: TEXT[lang].table }).locator('tbody tr');
/** The e-mail column of the rows shown (the first cell after the name). */
const emailsShown = (page: Page, lang: 'fr' | 'en') => rows(page, lang).locator('td:first-of-type').allTextContents();

test.beforeAll(async () => {
  for (let n = 1; n <= LISTED; n++) {
    await signUpThroughApi({
      input: {
        email: listedEmail(n),
        password: 'Liste-Passe-2026',
        firstName: `Personne${n}`,
        lastName: LAST_NAME,
        organizationName: `Banque alimentaire ${n}`,
        organizationType: 'NON_PROFIT_ORGANIZATIONS',
        industry: 'HEALTH_AND_SOCIAL_SERVICES',
        acceptedTermsAndPrivacy: true,
        notRentalCompany: true,
      },
    });
  }
});

for (const lang of ['fr', 'en'] as const) {
  const t = TEXT[lang];

  test.describe(`in ${lang}`, () => {
    testIn(lang, 'en')(
      'the user list finds users by any word of their e-mail, name or organisation, and pages forward and back',
      async ({ page, request }) => {
        await loginAdminWithEmailedCode(page, request, lang);
        await page.goto('/gestion-utilisateurs');
        await expect(page.getByRole('heading', { level: 1, name: t.users })).toBeVisible();
        await expect(rows(page, lang).first()).toBeVisible();

        // As one types: the list follows after a pause, and the search goes in the address.
        const search = page.getByRole('searchbox', { name: t.search });
        await search.fill(`liste.${RUN}.07`);
        await expect(page).toHaveURL(new RegExp(`recherche=liste.${RUN}.07`));
        await expect(page.getByText(t.onePage(1))).toBeVisible();
        await expect(rows(page, lang)).toHaveCount(1);
        await expect(rows(page, lang).first()).toContainText(listedEmail(7));
        await expect(
          rows(page, lang)
            .first()
            .getByRole('link', { name: `Personne7 ${LAST_NAME}` }),
        ).toHaveAttribute('href', /\/gestion-utilisateurs\/modifier-utilisateur\//);

        // Any word of the organisation, with another word: the users having both.
        await search.fill(`alimentaire 7 ${LAST_NAME}`);
        await expect(page.getByText(t.onePage(1))).toBeVisible();
        await expect(rows(page, lang).first()).toContainText(listedEmail(7));

        // With Enter: by last name, more than one page.
        await search.fill(LAST_NAME.toLowerCase());
        await search.press('Enter');
        await expect(page.getByText(t.page(1, 20))).toBeVisible();
        await expect(rows(page, lang)).toHaveCount(20);
        const firstPage = await emailsShown(page, lang);
        await page.getByRole('button', { name: t.next }).click();
        await expect(page.getByText(t.page(2, LISTED - 20))).toBeVisible();
        await expect(rows(page, lang)).toHaveCount(LISTED - 20);
        const secondPage = await emailsShown(page, lang);
        expect(new Set([...firstPage, ...secondPage])).toEqual(new Set(Array.from({ length: LISTED }, (_, i) => listedEmail(i + 1))));
        await expect(page.getByRole('button', { name: t.next })).toHaveAttribute('aria-disabled', 'true');
        await page.getByRole('button', { name: t.previous }).click();
        await expect(page.getByText(t.page(1, 20))).toBeVisible();
        expect(await emailsShown(page, lang)).toEqual(firstPage);

        // Back goes to the previous search.
        await page.goBack();
        await expect(search).toHaveValue(`liste.${RUN}.07`);
        await expect(rows(page, lang)).toHaveCount(1);
      },
    );

    testIn(lang, 'fr')(
      'an administrator invites an administrator, who completes the account and logs in with a code',
      async ({ page, request, browser, baseURL }) => {
        const email = `invite.${lang}.${RUN}@exemple.ca`;
        const password = 'Admin-Invite-2026';
        await loginAdminWithEmailedCode(page, request, lang);
        await page.goto('/gestion-utilisateurs');
        await page.getByRole('main').getByRole('link', { name: t.createAdmin }).click();
        await expect(page).toHaveURL(/\/gestion-utilisateurs\/creer-administrateur$/);
        await expect(page.getByRole('heading', { level: 1, name: t.createAdmin })).toBeVisible();
        const since = Date.now() - 1000;
        await page.getByLabel(t.email, { exact: true }).fill(email);
        await page.getByLabel(t.firstName, { exact: true }).fill('Nadia');
        await page.getByLabel(t.lastName, { exact: true }).fill(`Invitée${RUN}`);
        await page.getByRole('button', { name: t.invite }).click();
        await expect(page).toHaveURL(/\/gestion-utilisateurs$/);
        await expect(page.getByText(t.invited)).toBeVisible();
        await page.getByRole('searchbox', { name: t.search }).fill(email);
        await expect(rows(page, lang)).toHaveCount(1);
        await expect(rows(page, lang).first()).toContainText(t.admin);

        // The invitee, on their own browser.
        const invitation = linkIn(await waitForEmail(request, email, since), '/inscription/admin');
        const context = await browser.newContext({ baseURL });
        const invitee = await context.newPage();
        // The invitation was sent in the language chosen (French by default): its link opens the site in it.
        await invitee.goto(invitation);
        await expect(invitee.getByLabel(t.firstName, { exact: true })).toHaveValue('Nadia');
        await expect(invitee.getByLabel(t.lastName, { exact: true })).toHaveValue(`Invitée${RUN}`);
        await invitee.getByLabel(t.password, { exact: true }).fill(password);
        await invitee.getByLabel(t.confirmPassword, { exact: true }).fill(password);
        await invitee.getByRole('button', { name: t.complete }).click();
        await expect(invitee).toHaveURL(/\/connexion$/);
        await expect(invitee.getByText(t.ready)).toBeVisible();

        const loginSince = Date.now() - 1000;
        await fillLogin(invitee, lang, email, password);
        const code = /\b(\d{6})\b/.exec((await waitForEmail(request, email, loginSince)).text)?.[1];
        await invitee.getByLabel(LABELS[lang].code).fill(code!);
        await invitee.getByRole('button', { name: LABELS[lang].submit }).click();
        await expect(invitee).toHaveURL(/\/annonces$/);
        await context.close();
      },
    );
  });
}
