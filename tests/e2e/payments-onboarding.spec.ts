// Onboarding with the card payment provider in the browser, in French (docs/payments.md): a new owner
// finds "Paiements" in the profile menu, goes to the local payment simulator's hosted page, leaves it
// unfinished, resumes from the refresh route after an expired link, completes it, and comes back to the
// validate page, which shows the result; the payments page then opens the provider's dashboard.
import { closeWelcomeLater, expect, fillLogin, signUpConfirmedThroughApi, test, uniqueEmail } from './support';

const PASSWORD = 'Paiement-Essai-2026';

test('a new owner onboards with the payment provider through the simulator, and opens the dashboard', async ({ page, request }) => {
  const email = uniqueEmail('paiement');
  await signUpConfirmedThroughApi(request, email, PASSWORD, 'Cuisine partagée de Sherbrooke');
  await page.goto('/connexion?lang=fr');
  await fillLogin(page, 'fr', email, PASSWORD);
  await closeWelcomeLater(page, 'fr');

  await page.getByRole('button', { name: 'Mon compte' }).click();
  await page.getByRole('menuitem', { name: 'Paiements' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Paiements' })).toBeVisible();
  await expect(page.getByText('Vous n’êtes pas encore inscrit auprès du fournisseur de paiement.')).toBeVisible();

  // The provider's hosted onboarding (the local simulator), left unfinished.
  await page.getByRole('button', { name: 'Commencer l’inscription' }).click();
  await expect(page).toHaveURL(/\/_dev\/payments\/onboarding\?link=/);
  await page.getByRole('button', { name: /Leave without finishing/ }).click();
  await expect(page).toHaveURL(/\/paiement\/fournisseur\/valider/);
  await expect(page.getByText(/Votre inscription n’est pas encore terminée/)).toBeVisible();

  // Resumed; the link has expired meanwhile: the refresh route makes a new one and goes on.
  await page.getByRole('button', { name: 'Reprendre l’inscription' }).click();
  await page.getByRole('button', { name: /Simulate an expired link/ }).click();
  await expect(page).toHaveURL(/\/_dev\/payments\/onboarding\?link=/);
  await page.getByRole('button', { name: /Complete onboarding/ }).click();

  await expect(page).toHaveURL(/\/paiement\/fournisseur\/valider/);
  await expect(page.getByText(/C’est fait : votre inscription auprès du fournisseur de paiement est terminée/)).toBeVisible();
  await page.getByRole('link', { name: 'Retour à mes paiements' }).click();
  await expect(
    page.getByText('Votre inscription est terminée : vous pouvez proposer des contrats et recevoir vos paiements.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Voir mes versements chez le fournisseur de paiement' }).click();
  await expect(page).toHaveURL(/\/_dev\/payments\/dashboard\?account=acct_/);
  await expect(page.getByText('No transfer yet.')).toBeVisible();
});
