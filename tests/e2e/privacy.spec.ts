// Privacy rights (issue 38 §6, docs/privacy.md), on a 375 px phone: a user downloads all their data as one
// JSON file from /parametres, reads what a deletion keeps and for how long, deletes their account with
// their password, lands signed out, can no longer log in, and their address signs up again.
import { readFile } from 'node:fs/promises';
import { test, expect, closeWelcomeLater, fillLogin, signUpConfirmedThroughApi, uniqueEmail } from './support';

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

const PASSWORD = 'Donnees-Perso-2026';

test('fr: a user downloads their data, then deletes their account; the address signs up again', async ({ page, request }) => {
  const email = uniqueEmail('vie-privee');
  await signUpConfirmedThroughApi(request, email, PASSWORD, 'Cuisine de la vie privée');

  await page.goto('/connexion?lang=fr');
  await fillLogin(page, 'fr', email, PASSWORD);
  await closeWelcomeLater(page, 'fr');
  await page.goto('/parametres?lang=fr');

  // One JSON file of everything about them, downloaded at once and offered again for a day.
  const privacy = page.getByRole('region', { name: 'Vos renseignements personnels' });
  await expect(privacy).toContainText('disponible 24 heures');
  const downloading = page.waitForEvent('download');
  await privacy.getByRole('button', { name: 'Télécharger mes données' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^partage-donnees-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(file.account.email).toBe(email);
  expect(file.organization.name).toBe('Cuisine de la vie privée');
  await expect(privacy.getByText(/^Fichier du .*, disponible jusqu’au /)).toBeVisible();

  // The deletion says what is kept and for how long, and asks the password again.
  await privacy.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement votre compte?' });
  await expect(dialog).toContainText('6 ans après la fin de l’année d’imposition');
  await expect(dialog).toContainText('« Compte supprimé »');
  await dialog.getByLabel('Mot de passe').fill('Pas-Le-Bon-2026');
  await dialog.getByRole('button', { name: 'Supprimer définitivement' }).click();
  await expect(dialog.getByText('Le mot de passe actuel est incorrect.')).toBeVisible();
  await dialog.getByLabel('Mot de passe').fill(PASSWORD);
  const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toBeInViewport();
  await confirm.click();

  await expect(page).toHaveURL(/\/accueil/);
  await expect(page.getByText('Votre compte a été supprimé.')).toBeVisible();

  // Gone: the address no longer logs in…
  await page.goto('/connexion?lang=fr');
  await fillLogin(page, 'fr', email, PASSWORD);
  await expect(page.getByText('Courriel ou mot de passe invalide.')).toBeVisible();
  await expect(page).toHaveURL(/\/connexion/);

  // …and signs up again, as a new account.
  await signUpConfirmedThroughApi(request, email, PASSWORD, 'Nouvelle cuisine');
  await page.goto('/connexion?lang=fr');
  await fillLogin(page, 'fr', email, PASSWORD);
  await closeWelcomeLater(page, 'fr');
});
