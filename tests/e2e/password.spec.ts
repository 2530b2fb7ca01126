// E-mailed links and passwords: forgot password and reset, change of e-mail address, a new
// confirmation link for an unconfirmed account, the delay after failed logins that a reset lifts.
// Every account is made fresh for its journey.
import type { Page } from '@playwright/test';
import {
  test,
  testIn,
  expect,
  LABELS,
  fillLogin,
  graphqlCall,
  EMAIL_LANGUAGE,
  linkIn,
  apiToken,
  signUpConfirmedThroughApi,
  waitForEmail,
  type Lang,
  signUpThroughApi,
} from './support';

const PASSWORD = 'Parcours-Passe-2026';
const NEW_PASSWORD = 'Nouveau-Passe-2027';

const TEXT = {
  fr: {
    forgot: 'Mot de passe oublié?',
    forgotTitle: 'Mot de passe oublié',
    delayed: 'Trop de tentatives de connexion. Réessayez dans 1 minute, ou réinitialisez votre mot de passe.',
    sendLink: 'Envoyer le lien',
    sent: /nous venons de lui envoyer un lien pour choisir un nouveau mot de passe/,
    newPassword: 'Nouveau mot de passe',
    confirmNew: 'Confirmer le nouveau mot de passe',
    savePassword: 'Enregistrer le mot de passe',
    passwordChanged: /Votre mot de passe a été changé/,
    account: 'Mon compte',
    newEmail: 'Nouvelle adresse courriel',
    yourPassword: 'Votre mot de passe',
    changeEmail: "Changer l'adresse courriel",
    pending: /En attente de confirmation : nous avons envoyé un lien à/,
    confirmed: 'Votre adresse courriel est confirmée.',
    current: 'Adresse courriel actuelle :',
    resend: /Recevoir un nouveau lien de confirmation/,
    resent: /nous venons de lui envoyer un nouveau lien/,
    confirmedVisitor: /Votre adresse courriel est confirmée. Vous pouvez maintenant vous connecter./,
    login: 'Se connecter',
  },
  en: {
    forgot: 'Forgot your password?',
    forgotTitle: 'Forgot password',
    delayed: 'Too many login attempts. Try again in 1 minute, or reset your password.',
    sendLink: 'Send the link',
    sent: /we have just sent it a link to choose a new password/,
    newPassword: 'New password',
    confirmNew: 'Confirm the new password',
    savePassword: 'Save the password',
    passwordChanged: /Your password has been changed/,
    account: 'My account',
    newEmail: 'New email address',
    yourPassword: 'Your password',
    changeEmail: 'Change email address',
    pending: /Waiting for confirmation: we sent a link to/,
    confirmed: 'Your email address is confirmed.',
    current: 'Current email address:',
    resend: /Get a new confirmation link/,
    resent: /we have just sent it a new link/,
    confirmedVisitor: /Your email address is confirmed. You can now log in./,
    login: 'Log in',
  },
} as const;

/** An address no earlier run has used. */
const freshEmail = (label: string) => `${label}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@exemple.ca`;

/** A confirmed account that has already closed the first-login welcome, so pages open straight away. */
async function readyAccount(request: Parameters<typeof apiToken>[0], email: string): Promise<void> {
  await signUpConfirmedThroughApi(request, email, PASSWORD, 'Cuisine du parcours');
  await graphqlCall(
    request,
    'mutation Close($input: UpdateFirstLoginModalClosedInput!) { updateFirstLoginModalClosed(input: $input) { id } }',
    { input: { firstLoginModalClosed: true } },
    await apiToken(request, email, PASSWORD),
  );
}

async function logout(page: Page, lang: Lang): Promise<void> {
  // From a page open to all: logging out of a protected page lands on its login redirect (shell issue).
  await page.goto('/annonces');
  await page.getByRole('button', { name: TEXT[lang].account }).click();
  await page.getByRole('menuitem', { name: LABELS[lang].logout }).click();
  await expect(page).toHaveURL(/\/accueil$/);
}

for (const lang of ['fr', 'en'] as const) {
  const t = TEXT[lang];

  test.describe(`in ${lang}`, () => {
    testIn(lang, 'fr')('forgot password: the e-mailed link sets a new password, which then logs in', async ({ page, request }) => {
      const email = freshEmail(`oubli-${lang}`);
      await signUpConfirmedThroughApi(request, email, PASSWORD, 'Cuisine du parcours');

      await page.goto(`/connexion?lang=${lang}`);
      await page.getByRole('main').getByRole('link', { name: t.forgot }).click();
      await expect(page).toHaveURL(/\/mot-de-passe-oublie$/);
      // The address changes first; the login page, whose e-mail field has the same label, stays until
      // the new page's code has loaded: typing before that went into the login form.
      await expect(page.getByRole('heading', { level: 1, name: t.forgotTitle })).toBeVisible();
      const since = Date.now() - 1000;
      await page.getByLabel(LABELS[lang].email, { exact: true }).fill(email);
      await page.getByRole('button', { name: t.sendLink }).click();
      await expect(page.getByText(t.sent).locator('..')).toBeFocused();

      const mail = await waitForEmail(request, email, since);
      await page.goto(linkIn(mail, '/reinitialiser-mot-de-passe'));
      const password = page.getByLabel(t.newPassword, { exact: true });
      await expect(password).toBeVisible();
      await password.fill(NEW_PASSWORD);
      await page.getByLabel(t.confirmNew).fill(`${NEW_PASSWORD}!`);
      await page.getByRole('button', { name: t.savePassword }).click();
      await expect(page.getByLabel(t.confirmNew)).toBeFocused();
      await page.getByLabel(t.confirmNew).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: t.savePassword }).click();

      await expect(page).toHaveURL(/\/connexion$/);
      await expect(page.getByText(t.passwordChanged)).toBeVisible();

      // The link serves once.
      await page.goto(linkIn(mail, '/reinitialiser-mot-de-passe'));
      await expect(page.getByText(lang === 'fr' ? 'Ce lien a déjà été utilisé.' : 'This link has already been used.')).toBeVisible();

      await page.goto('/connexion');
      await fillLogin(page, lang, email, PASSWORD);
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
      await fillLogin(page, lang, email, NEW_PASSWORD);
      await expect(page).toHaveURL(/\/annonces$/);
    });

    testIn(lang, 'en')(
      'failed logins: after five wrong passwords the page says how long to wait; a reset lifts the delay',
      async ({ page, request }) => {
        const email = freshEmail(`retarde-${lang}`);
        await signUpConfirmedThroughApi(request, email, PASSWORD, 'Cuisine retardée', { language: EMAIL_LANGUAGE[lang] });
        for (let attempt = 0; attempt < 5; attempt++) {
          const response = await request.post('/token/login', {
            data: { username: email, password: 'Mauvais-Passe-2026', deviceId: 'e2e' },
          });
          expect(response.status()).toBe(401);
        }

        await page.goto(`/connexion?lang=${lang}`);
        await fillLogin(page, lang, email, PASSWORD);
        await expect(page.getByRole('main').getByRole('alert')).toHaveText(t.delayed);

        const since = Date.now() - 1000;
        await graphqlCall(request, 'mutation Reset($input: EmailInput!) { sendPasswordReset(input: $input) }', {
          input: { email },
        });
        await page.goto(linkIn(await waitForEmail(request, email, since), '/reinitialiser-mot-de-passe'));
        await page.getByLabel(t.newPassword, { exact: true }).fill(NEW_PASSWORD);
        await page.getByLabel(t.confirmNew).fill(NEW_PASSWORD);
        await page.getByRole('button', { name: t.savePassword }).click();
        await expect(page).toHaveURL(/\/connexion$/);
        await fillLogin(page, lang, email, NEW_PASSWORD);
        await expect(page).toHaveURL(/\/annonces$/);
      },
    );

    testIn(lang, 'fr')('change of e-mail: the link sent to the new address makes it the one to log in with', async ({ page, request }) => {
      const email = freshEmail(`ancien-${lang}`);
      const newEmail = freshEmail(`nouveau-${lang}`);
      await readyAccount(request, email);

      await page.goto(`/connexion?lang=${lang}`);
      await fillLogin(page, lang, email, PASSWORD);
      await expect(page).toHaveURL(/\/annonces$/);
      await page.goto('/parametres');
      await expect(page.getByText(`${t.current} ${email}`)).toBeVisible();
      const since = Date.now() - 1000;
      await page.getByLabel(t.newEmail).fill(newEmail);
      await page.getByLabel(t.yourPassword).fill(PASSWORD);
      await page.getByRole('button', { name: t.changeEmail }).click();
      await expect(page.getByText(t.pending)).toContainText(newEmail);

      // Followed while signed in: confirmed, then back to the settings showing the new address.
      await page.goto(linkIn(await waitForEmail(request, newEmail, since), '/confirmez-courriel'));
      await expect(page).toHaveURL(/\/parametres$/);
      await expect(page.getByText(t.confirmed, { exact: true })).toBeVisible();
      await expect(page.getByText(`${t.current} ${newEmail}`)).toBeVisible();
      await expect(page.getByText(t.pending)).toBeHidden();

      await logout(page, lang);
      await page.goto('/connexion');
      await fillLogin(page, lang, email, PASSWORD);
      await expect(page.getByRole('main').getByRole('alert')).toBeVisible();
      await fillLogin(page, lang, newEmail, PASSWORD);
      await expect(page).toHaveURL(/\/annonces$/);
    });

    testIn(lang, 'en')(
      'unconfirmed account: the login notice leads to a new confirmation link, which confirms the address',
      async ({ page, request }) => {
        const email = freshEmail(`attente-${lang}`);
        await signUpThroughApi({
          input: {
            language: EMAIL_LANGUAGE[lang],
            email,
            password: PASSWORD,
            firstName: 'Essai',
            lastName: 'Attente',
            organizationName: 'Épicerie en attente',
            organizationType: 'NON_PROFIT_ORGANIZATIONS',
            industry: 'RETAIL',
            acceptedTermsAndPrivacy: true,
            notRentalCompany: true,
          },
        });

        await page.goto(`/connexion?lang=${lang}&returnPath=%2Fparametres`);
        await fillLogin(page, lang, email, PASSWORD);
        const notice = page.getByRole('main').getByRole('alert');
        await expect(notice).toBeVisible();
        await notice.getByRole('link', { name: t.resend }).click();
        await expect(page).toHaveURL(/\/reenvoyer-courriel\?email=/);
        await expect(page.getByLabel(LABELS[lang].email, { exact: true })).toHaveValue(email);
        const since = Date.now() - 1000;
        await page.getByRole('button', { name: t.sendLink }).click();
        await expect(page.getByText(t.resent)).toBeVisible();

        await page.goto(linkIn(await waitForEmail(request, email, since), '/confirmez-courriel'));
        await expect(page.getByText(t.confirmedVisitor)).toBeVisible();
        await page.getByRole('main').getByRole('link', { name: t.login }).click();
        await fillLogin(page, lang, email, PASSWORD);
        await expect(page).not.toHaveURL(/\/connexion/);
      },
    );
  });
}
