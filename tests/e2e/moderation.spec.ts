// A report goes from a user to the moderation queue, and the administrator's decision reaches the
// reported person by e-mail (docs/moderation.md): the demo tenant reports a new user's public profile
// with a reason and a note and is thanked, with the keyboard alone; the administrator finds the case with
// the profile's words as they were, suspends the account with a reason, and the reported person's
// mailbox gets it.
import {
  test,
  expect,
  ACCOUNTS,
  fillLogin,
  loginAdminWithEmailedCode,
  signUpConfirmedThroughApi,
  uniqueEmail,
  waitForEmail,
} from './support';

test('a report reaches the moderators, and their decision reaches the reported person by e-mail', async ({ browser, baseURL }) => {
  const reportedEmail = uniqueEmail('signale');
  const name = `Traiteur douteux ${Date.now().toString(36)}`;
  const reporterContext = await browser.newContext({ baseURL });
  const adminContext = await browser.newContext({ baseURL });
  try {
    const reportedId = await signUpConfirmedThroughApi(reporterContext.request, reportedEmail, 'Signale-Passe-2026', name);

    const reporter = await reporterContext.newPage();
    await reporter.goto('/connexion?lang=fr');
    await fillLogin(reporter, 'fr', ACCOUNTS.tenant);
    await expect(reporter).toHaveURL(/\/annonces$/);
    await reporter.goto(`/profil/${reportedId}`);
    await expect(reporter.getByRole('heading', { level: 1, name })).toBeVisible();
    // The report, with the keyboard alone: the dialog opens on its first reason, a missing reason brings
    // the focus back to it, and closing the dialog gives it back to the button.
    const reportButton = reporter.getByRole('button', { name: 'Signaler ce profil' });
    await reportButton.focus();
    await reporter.keyboard.press('Enter');
    const dialog = reporter.getByRole('dialog', { name: 'Signaler' });
    const firstReason = dialog.getByRole('radio', { name: 'Pourriel ou publicité' });
    await expect(firstReason).toBeFocused();
    await dialog.getByRole('button', { name: 'Envoyer le signalement' }).focus();
    await reporter.keyboard.press('Enter');
    await expect(dialog.getByText('Choisissez une raison.')).toBeVisible();
    await expect(firstReason).toBeFocused();
    await reporter.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: 'Fraude ou arnaque' })).toBeChecked();
    await reporter.keyboard.press('Tab');
    await expect(dialog.getByLabel('Précisions (facultatif)')).toBeFocused();
    await reporter.keyboard.type('Demande des paiements hors du site.');
    await reporter.keyboard.press('Tab');
    await reporter.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Envoyer le signalement' })).toBeFocused();
    await reporter.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toHaveText(/Merci : votre signalement a été transmis/);
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();
    await reporter.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(reportButton).toBeFocused();

    const admin = await adminContext.newPage();
    await loginAdminWithEmailedCode(admin, adminContext.request, 'fr');
    await admin.getByRole('link', { name: 'Modération' }).click();
    await expect(admin.getByRole('heading', { level: 1, name: 'Modération' })).toBeVisible();
    const found = admin.getByRole('article').filter({ hasText: name });
    await expect(found.getByRole('heading', { name: 'Profil — 1 signalement' })).toBeVisible();
    await expect(found.getByText('Fraude ou arnaque')).toBeVisible();
    await expect(found.getByText('Précisions : Demande des paiements hors du site.')).toBeVisible();
    await found.getByRole('radio', { name: /Suspendre le compte/ }).check();
    await found.getByLabel(/^Raison/).fill('Fraude confirmée par deux signalements');
    const since = Date.now() - 1000;
    await found.getByRole('button', { name: 'Appliquer la décision' }).click();
    await expect(admin.getByRole('status').filter({ hasText: 'Le dossier est traité.' })).toBeVisible();
    await expect(admin.getByRole('article').filter({ hasText: name })).toHaveCount(0);

    const mail = await waitForEmail(adminContext.request, reportedEmail, since);
    expect(mail.subject).toBe('Votre compte Partage est suspendu');
    expect(mail.text).toContain('Fraude confirmée par deux signalements');
  } finally {
    await reporterContext.close();
    await adminContext.close();
  }
});
