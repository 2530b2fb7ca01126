// An administrator creates a user, edits them, then locks the account (with a reason) and unlocks it.
// (Failed logins no longer lock accounts: they earn delays, see password.spec.ts.)
import {
  test,
  testIn,
  expect,
  ACCOUNT_FIELD_LABELS,
  fillAccountFields,
  linkIn,
  loginAdminWithEmailedCode,
  uniqueEmail,
  waitForEmail,
} from './support';

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
    lock: 'Verrouiller le compte',
    lockDialog: /^Verrouiller le compte de/,
    reason: 'Raison',
    confirmLock: 'Verrouiller',
    required: 'Ce champ est obligatoire.',
    locked: 'Le compte a été verrouillé : la connexion est refusée.',
    lockedOut: /^Verrouillé/,
    unlock: 'Débloquer le compte',
    unlocked: 'Le compte a été débloqué : la personne peut de nouveau se connecter.',
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
    lock: 'Lock the account',
    lockDialog: /^Lock .*’s account\?$/,
    reason: 'Reason',
    confirmLock: 'Lock',
    required: 'This field is required.',
    locked: 'The account was locked: logging in is refused.',
    lockedOut: /^Locked/,
    unlock: 'Unlock the account',
    unlocked: 'The account has been unlocked: the person can log in again.',
  },
} as const;

for (const lang of ['fr', 'en'] as const) {
  const l = TEXT[lang];

  test.describe(`in ${lang}`, () => {
    testIn(lang, 'en')('an administrator creates a user, then edits them and resends their e-mail', async ({ page, request }) => {
      const email = uniqueEmail(`cree-par-admin-${lang}`);
      await loginAdminWithEmailedCode(page, request, lang);
      await page.goto('/gestion-utilisateurs/creer-utilisateur');
      await expect(page.getByRole('heading', { level: 1, name: l.createTitle })).toBeVisible();

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

      // Locking asks why (the reason is e-mailed), then the state says so; unlocking lifts it.
      await state.getByRole('button', { name: l.lock, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: l.lockDialog });
      await dialog.getByRole('button', { name: l.confirmLock, exact: true }).click();
      await expect(dialog.getByText(l.required)).toBeVisible();
      await expect(dialog.getByLabel(l.reason)).toBeFocused();
      await dialog.getByLabel(l.reason).fill('Annonces trompeuses répétées');
      await dialog.getByRole('button', { name: l.confirmLock, exact: true }).click();
      await expect(page.getByRole('status').getByText(l.locked)).toBeVisible();
      await expect(state.getByText(l.lockedOut)).toBeVisible();
      await expect(state.getByRole('button', { name: l.lock, exact: true })).toHaveCount(0);
      await state.getByRole('button', { name: l.unlock }).click();
      await expect(page.getByRole('status').getByText(l.unlocked)).toBeVisible();
      await expect(state.getByRole('button', { name: l.lock, exact: true })).toBeVisible();
    });
  });
}
