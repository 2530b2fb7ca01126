// Sign-up → confirmation e-mail → confirm → log in → welcome; a taken address; the profile edit.
import {
  test,
  testIn,
  expect,
  SIGN_UP_LABELS,
  closeWelcomeLater,
  fillSignUp,
  fillLogin,
  linkIn,
  signUpConfirmedThroughApi,
  uniqueEmail,
  waitForEmail,
} from './support';

const PASSWORD = 'Parcours-Essai-2026';

const TEXT = {
  fr: {
    ...SIGN_UP_LABELS.fr,
    title: 'Créer un compte',
    resend: 'Renvoyer le courriel de confirmation',
    login: 'Se connecter',
    editTitle: 'Modifier mon profil',
    save: 'Enregistrer',
    saved: 'Vos modifications ont été enregistrées.',
    noChange: 'Aucune modification à enregistrer.',
  },
  en: {
    ...SIGN_UP_LABELS.en,
    title: 'Create an account',
    resend: 'Resend the confirmation email',
    login: 'Log in',
    editTitle: 'Edit my profile',
    save: 'Save',
    saved: 'Your changes have been saved.',
    noChange: 'There are no changes to save.',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  const l = TEXT[lang];

  test.describe(`in ${lang}`, () => {
    test('a visitor signs up, confirms the address from the e-mail, logs in and is welcomed', async ({ page, request }) => {
      const email = uniqueEmail(`inscription-${lang}`);
      const since = Date.now() - 1000;
      await page.goto(`/inscription?lang=${lang}&returnPath=%2Fparametres`);
      await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();

      await fillSignUp(page, lang, email, PASSWORD);
      await page.getByRole('button', { name: l.submit }).click();
      await expect(page.getByRole('heading', { level: 1, name: l.done })).toBeFocused();
      await expect(page.getByText(email)).toBeVisible();
      await expect(page.getByRole('link', { name: l.resend })).toHaveAttribute(
        'href',
        `/reenvoyer-courriel?email=${encodeURIComponent(email)}`,
      );

      // The confirmation link carries the return path given to the sign-up page.
      const link = linkIn(await waitForEmail(request, email, since), '/confirmez-courriel');
      expect(new URL(link, 'http://link').searchParams.get('returnPath')).toBe('/parametres');
      await page.goto(link);
      await page.getByRole('main').getByRole('link', { name: l.login }).click();
      await fillLogin(page, lang, email, PASSWORD);
      await expect(page).toHaveURL(/\/parametres$/);
      await closeWelcomeLater(page, lang);
    });

    testIn(lang, 'en')(
      'signing up again with a taken address is answered like a new one, and its owner is told by e-mail',
      async ({ page, request }) => {
        const email = uniqueEmail(`doublon-${lang}`);
        await signUpConfirmedThroughApi(request, email, PASSWORD, 'Première organisation');
        const since = Date.now() - 1000;
        await page.goto(`/inscription?lang=${lang}`);
        await fillSignUp(page, lang, email, PASSWORD);
        await page.getByRole('button', { name: l.submit }).click();
        // The form never tells who has an account (issue 22, finding 7): the owner's mailbox does.
        await expect(page.getByRole('heading', { level: 1, name: l.done })).toBeVisible();
        const told = await waitForEmail(request, email, since);
        expect(told.subject).toBe('Tentative de création de compte avec votre adresse');
      },
    );

    testIn(lang, 'fr')(
      'a user changes the organisation name, keeps it, and a save without change is skipped with a notice',
      async ({ page, request }) => {
        const email = uniqueEmail(`profil-${lang}`);
        await signUpConfirmedThroughApi(request, email, PASSWORD, 'Ancien nom');
        await page.goto(`/connexion?lang=${lang}&returnPath=%2Fmodifier-profil`);
        await fillLogin(page, lang, email, PASSWORD);
        await expect(page).toHaveURL(/\/modifier-profil$/);
        await closeWelcomeLater(page, lang);
        await expect(page.getByRole('heading', { level: 1, name: l.editTitle })).toBeVisible();
        const name = page.getByLabel(l.organizationName);
        await expect(name).toHaveValue('Ancien nom');

        await name.fill(`Nouveau nom ${lang}`);
        await page.getByRole('button', { name: l.save }).click();
        await expect(page.getByRole('status').getByText(l.saved)).toBeVisible();

        await page.reload();
        await expect(page.getByLabel(l.organizationName)).toHaveValue(`Nouveau nom ${lang}`);
        await page.getByRole('button', { name: l.save }).click();
        await expect(page.getByRole('status').getByText(l.noChange)).toBeVisible();
      },
    );
  });
}
