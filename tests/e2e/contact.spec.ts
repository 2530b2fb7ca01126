// The contact page in the browser (spec §2 /nous-joindre, docs/contact.md): a visitor writes to the
// team in French and the team's address receives it in the dev mailbox, answerable by replying; the
// page in English.
import { CONTACT_MIN_FILL_MS } from '@partage/graphql';
import { expect, test, uniqueEmail, waitForEmail } from './support';

test('a visitor writes to the team in French, sees the confirmation, and the team receives the message', async ({ page, request }) => {
  const team = ((await (await request.get('/config.json')).json()) as { site: { contactEmail: string } }).site.contactEmail;
  const sender = uniqueEmail('contact');
  const subject = `Chambre froide ${Date.now()}`;
  await page.goto('/nous-joindre?lang=fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Nous joindre' })).toBeVisible();
  await expect(page.getByText('Nous répondons dans un délai de 24 à 48 heures ouvrables.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: team })).toHaveAttribute('href', `mailto:${team}`);

  await page.getByRole('textbox', { name: 'Nom', exact: true }).fill('Luc Tremblay');
  await page.getByRole('textbox', { name: 'Courriel', exact: true }).fill(sender);
  await page.getByRole('textbox', { name: 'Organisation (facultatif)', exact: true }).fill('Cuisine collective de Rimouski');
  await page.getByRole('textbox', { name: 'Objet', exact: true }).fill(subject);
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Bonjour,\n\nAvez-vous une chambre froide à louer près de Rimouski ?');
  // A person takes longer than this to fill the form; quicker, the server takes the sender for a robot.
  await page.waitForTimeout(CONTACT_MIN_FILL_MS);
  const since = Date.now();
  await page.getByRole('button', { name: 'Envoyer le message' }).click();

  const confirmation = page.getByText(`Merci ! Votre message a été transmis à l'équipe. Nous vous répondrons à ${sender}`);
  await expect(confirmation).toBeVisible();
  await expect(page.locator('.outcome')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Envoyer le message' })).toHaveCount(0);

  const mail = await waitForEmail(request, team, since);
  expect(mail.replyTo).toBe(sender);
  expect(mail.subject).toContain('Formulaire de contact');
  expect(mail.text).toContain('Avez-vous une chambre froide à louer près de Rimouski ?');
  expect(mail.text).toContain('Nom : Luc Tremblay');
});

test('the contact page in English', async ({ page }) => {
  await page.goto('/nous-joindre?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page).toHaveTitle(/^Contact us \|/);
  await expect(page.getByText('We reply within 24 to 48 working hours.')).toBeVisible();
  for (const label of ['Name', 'Email', 'Organisation (optional)', 'Subject', 'Message'])
    await expect(page.getByRole('textbox', { name: label, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send the message' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeFocused();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
});
