// An administrator creates a user then edits them; an administrator unlocks a locked-out user.
import type { APIRequestContext } from '@playwright/test';
import { MAX_FAILED_LOGINS } from '@partage/graphql';
import {
  test,
  expect,
  ACCOUNT_FIELD_LABELS,
  closeWelcomeLater,
  expectNoSeriousA11yViolations,
  fillAccountFields,
  fillLogin,
  linkIn,
  loginAdminWithEmailedCode,
  signUpConfirmedThroughApi,
  uniqueEmail,
  waitForEmail,
} from './support';

const PASSWORD = 'Parcours-Essai-2026';

const TEXT = {
  fr: {
    ...ACCOUNT_FIELD_LABELS.fr,
    createTitle: 'Créer un utilisateur',
    editTitle: 'Modifier un utilisateur',
    phone: 'Téléphone (facultatif)',
    create: "Créer l'utilisateur",
    created: /L'utilisateur a été créé/,
    state: 'État du compte',
    unconfirmed: 'Non confirmée',
    passwordNotSet: 'Pas encore choisi',
    save: 'Enregistrer',
    saved: 'Vos modifications ont été enregistrées.',
    resend: 'Renvoyer le courriel de vérification',
    resent: 'Le courriel de vérification a été renvoyé.',
    lockedOut: `Bloquée après ${MAX_FAILED_LOGINS} tentatives de connexion échouées`,
    allow: 'Débloquer le compte',
    allowed: /Le compte a été débloqué/,
    loginAllowed: 'Permise',
  },
  en: {
    ...ACCOUNT_FIELD_LABELS.en,
    createTitle: 'Create a user',
    editTitle: 'Edit a user',
    phone: 'Phone number (optional)',
    create: 'Create the user',
    created: /The user has been created/,
    state: 'Account status',
    unconfirmed: 'Not confirmed',
    passwordNotSet: 'Not chosen yet',
    save: 'Save',
    saved: 'Your changes have been saved.',
    resend: 'Resend verification email',
    resent: 'The verification email has been sent again.',
    lockedOut: `Locked out after ${MAX_FAILED_LOGINS} failed login attempts`,
    allow: 'Unlock the account',
    allowed: /The account has been unlocked/,
    loginAllowed: 'Allowed',
  },
} as const;

async function tokenLogin(request: APIRequestContext, username: string, password: string) {
  const response = await request.post('/token/login', { data: { username, password, deviceId: 'partage-web-e2e' } });
  return { status: response.status(), text: await response.text() };
}

for (const lang of ['fr', 'en'] as const) {
  const l = TEXT[lang];

  test.describe(`in ${lang}`, () => {
    test('an administrator creates a user, then edits them and resends their e-mail', async ({ page, request }) => {
      const email = uniqueEmail(`cree-par-admin-${lang}`);
      await loginAdminWithEmailedCode(page, request, lang);
      await page.goto('/gestion-utilisateurs/creer-utilisateur');
      await expect(page.getByRole('heading', { level: 1, name: l.createTitle })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const since = Date.now() - 1000;
      await fillAccountFields(page, lang, {
        organizationName: `Épicerie solidaire ${lang}`,
        organizationType: 'SOCIAL_ECONOMY_ORGANIZATIONS',
        industry: 'RETAIL',
        firstName: 'Luc',
        lastName: 'Gagnon',
        email,
      });
      await page.getByRole('button', { name: l.create }).click();

      await expect(page).toHaveURL(/\/gestion-utilisateurs\/modifier-utilisateur\/[\w-]+$/);
      await expect(page.getByRole('status').getByText(l.created)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: l.editTitle })).toBeVisible();
      const state = page.getByRole('region', { name: l.state });
      await expect(state.getByText(email)).toBeVisible();
      await expect(state.getByText(l.unconfirmed)).toBeVisible();
      await expect(state.getByText(l.passwordNotSet)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      // The new user is invited to choose a password.
      linkIn(await waitForEmail(request, email, since), '/reinitialiser-mot-de-passe');

      await page.getByLabel(l.organizationName).fill(`Épicerie solidaire du quartier ${lang}`);
      await page.getByLabel(l.phone).fill('514-555-0199');
      await page.getByRole('button', { name: l.save }).click();
      await expect(page.getByRole('status').getByText(l.saved)).toBeVisible();
      await page.reload();
      await expect(page.getByLabel(l.organizationName)).toHaveValue(`Épicerie solidaire du quartier ${lang}`);
      await expect(page.getByLabel(l.phone)).toHaveValue('514 555-0199');

      const resentSince = Date.now() - 1000;
      await page.getByRole('region', { name: l.state }).getByRole('button', { name: l.resend }).click();
      await expect(page.getByRole('status').getByText(l.resent)).toBeVisible();
      await waitForEmail(request, email, resentSince);
    });

    test('an administrator unlocks a locked-out user, who can then log in', async ({ page, request, browser }) => {
      const email = uniqueEmail(`verrouille-${lang}`);
      const userId = await signUpConfirmedThroughApi(request, email, PASSWORD, `Traiteur verrouillé ${lang}`);
      for (let attempt = 0; attempt < MAX_FAILED_LOGINS; attempt++) await tokenLogin(request, email, 'Mauvais-Passe-2026');
      expect(await tokenLogin(request, email, PASSWORD)).toMatchObject({
        status: 403,
        text: expect.stringContaining('User is locked out'),
      });

      await loginAdminWithEmailedCode(page, request, lang);
      await page.goto(`/gestion-utilisateurs/modifier-utilisateur/${userId}`);
      const state = page.getByRole('region', { name: l.state });
      await expect(state.getByText(l.lockedOut)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await state.getByRole('button', { name: l.allow }).click();
      await expect(page.getByRole('status').getByText(l.allowed)).toBeVisible();
      await expect(state.getByText(l.loginAllowed, { exact: true })).toBeVisible();
      await expect(state.getByRole('button', { name: l.allow })).toBeHidden();

      // The user, in a browser of their own, logs in again.
      const userContext = await browser.newContext();
      const userPage = await userContext.newPage();
      await userPage.goto(`/connexion?lang=${lang}`);
      await fillLogin(userPage, lang, email, PASSWORD);
      await expect(userPage).toHaveURL(/\/annonces$/);
      await closeWelcomeLater(userPage, lang);
      await userContext.close();
    });
  });
}
