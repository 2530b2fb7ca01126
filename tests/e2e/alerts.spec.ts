// Alerts in the browser (spec §2 /alertes…, docs/alerts.md): a visitor's alert around Québec confirmed
// from the dev mailbox, the weekly digest run at once through /_dev/schedules and its e-mail in the
// alert's language, the deletion link twice; a user's alert made from a search, then edited.
import type { APIRequestContext, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@partage/graphql';
import { adInput } from '../../functions/testing/ad-input';
import {
  ACCOUNTS,
  apiToken,
  closeWelcomeLater,
  expect,
  fillLogin,
  graphqlCall,
  signUpConfirmedThroughApi,
  test,
  uniqueEmail,
  waitForEmail,
} from './support';

/** The first-visit invitation stays closed: its alert button is a unit test's subject. */
async function skipInvitation(page: Page): Promise<void> {
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), STORAGE_KEYS.firstVisitModalClosed);
}

/** The site path (with its query) of the first link of `text` whose path starts with `prefix`. */
function linkStartingWith(text: string, prefix: string): string {
  const url = (text.match(/https?:\/\/\S+/g) ?? []).map((link) => new URL(link)).find((link) => link.pathname.startsWith(prefix));
  expect(url, `a link to ${prefix}…`).toBeDefined();
  return `${url!.pathname}${url!.search}`;
}

/** A new kitchen for rent in Québec's old town, published by the demo owner (verified phone) through the API. */
async function publishKitchenInQuebec(request: APIRequestContext): Promise<string> {
  const token = await apiToken(request, ACCOUNTS.owner);
  const input = adInput({
    title: { fr: `Cuisine du Vieux-Québec ${Date.now()}`, en: null },
    address: {
      address: '12, rue Saint-Jean, Québec',
      town: 'Québec',
      postalCode: 'G1R 1N8',
      latitude: 46.8123,
      longitude: -71.2145,
      showAddress: false,
    },
  });
  const { createAd } = await graphqlCall<{ createAd: { id: string } }>(
    request,
    'mutation CreateAd($input: AdInput!, $requestKey: ID!) { createAd(input: $input, requestKey: $requestKey) { id } }',
    { input, requestKey: crypto.randomUUID() },
    token,
  );
  const { publishAd } = await graphqlCall<{ publishAd: { path: string } }>(
    request,
    'mutation PublishAd($id: ID!) { publishAd(id: $id) { id path } }',
    { id: createAd.id },
    token,
  );
  return publishAd.path;
}

/** The weekly digest now: the cron job cuts the week and schedules its shards, which are then run at once. */
async function runDigest(request: APIRequestContext): Promise<void> {
  const json = { accept: 'application/json' };
  expect((await request.post('/_dev/schedules/run', { form: { job: 'alert-digest' }, headers: json })).ok()).toBeTruthy();
  const listing = (await (await request.get('/_dev/schedules', { headers: json })).json()) as { oneTime: { name: string; job: string }[] };
  const shards = listing.oneTime.filter((schedule) => schedule.job === 'alert-digest-shard');
  expect(shards.length).toBeGreaterThan(0);
  // The host's own scheduler may take one meanwhile (404 then): either way every shard runs.
  for (const shard of shards) await request.post('/_dev/schedules/run', { form: { name: shard.name }, headers: json });
}

test.beforeEach(async ({ page }) => skipInvitation(page));

test('a visitor’s alert around Québec: confirmed by e-mail, a digest in its language, deleted by its link', async ({ page, request }) => {
  test.slow();
  const email = uniqueEmail('alerte-visiteur');
  await page.goto('/alertes/creer?lang=fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Créer une alerte' })).toBeVisible();
  await page.getByRole('group', { name: 'Catégories' }).getByRole('checkbox', { name: 'Cuisine professionnelle' }).check();
  await page.getByRole('combobox', { name: 'Adresse, ville ou code postal' }).fill('Québec');
  await page
    .getByRole('option', { name: /^Québec/ })
    .first()
    .click();
  const radius = page.getByRole('textbox', { name: 'Rayon (km)' });
  await expect(radius).toHaveAttribute('placeholder', '10');
  await radius.fill('10');
  await page.getByRole('textbox', { name: 'Adresse courriel' }).fill(email);
  // The e-mails' language is the alert's, not the page's.
  await page.getByRole('combobox', { name: 'Langue des courriels' }).selectOption('ENGLISH');
  const sent = Date.now() - 1000;
  await page.getByRole('button', { name: "Créer l'alerte" }).click();
  await expect(page.getByText(/Consultez votre boîte de réception/)).toBeVisible();

  const confirmation = await waitForEmail(request, email, sent);
  const confirmLink = linkStartingWith(confirmation.text, '/alertes/confirmer/');
  expect(confirmLink).toContain('lang=en');
  await page.goto(confirmLink);
  // A visit asks first (mail scanners follow links); the button confirms.
  await page.getByRole('button', { name: 'Confirm the alert' }).click();
  await expect(page.getByText('Your alert is confirmed and active. You will receive the new ads every week.')).toBeVisible();

  // The digest sends only ads published since the alert's confirmation.
  const adPath = await publishKitchenInQuebec(request);
  const digestSince = Date.now() - 1000;
  await runDigest(request);
  const digest = await waitForEmail(request, email, digestSince);
  expect(linkStartingWith(digest.text, `/annonces/${adPath}`)).toBe(`/annonces/${adPath}?lang=en`);

  const deleteLink = linkStartingWith(digest.text, '/alertes/supprimer/');
  await page.goto(deleteLink);
  await page.getByRole('button', { name: 'Delete the alert' }).click();
  await expect(page.getByText('Your alert is deleted. You will no longer receive its e-mails.')).toBeVisible();
  await page.goto(deleteLink);
  await page.getByRole('button', { name: 'Delete the alert' }).click();
  await expect(page.getByText('Alert already deleted.')).toBeVisible();
});

test('a user makes an alert of their search, active at once, then edits it', async ({ page, request }) => {
  test.slow();
  const email = uniqueEmail('alerte-membre');
  await signUpConfirmedThroughApi(request, email, 'Alerte-Parcours-2026', 'Cuisine des alertes');
  await page.goto('/connexion?lang=en');
  await fillLogin(page, 'en', email, 'Alerte-Parcours-2026');
  await closeWelcomeLater(page, 'en');

  await page.goto('/annonces?categories=PROFESSIONAL_KITCHEN&lieu=Qu%C3%A9bec&lat=46.8123&lng=-71.2145');
  await page.getByRole('link', { name: 'Create an alert from this search' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create an alert' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Professional kitchen' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Address, city or postal code' })).toHaveValue('Québec');
  await expect(page.getByRole('textbox', { name: 'Radius (km)' })).toHaveValue('25');
  await expect(page.getByRole('textbox', { name: 'E-mail address' })).toHaveValue(email);
  await page.getByRole('button', { name: 'Create the alert' }).click();
  await expect(page.getByText('Your alert is active. You will receive the new ads every week.')).toBeVisible();

  await page.getByRole('button', { name: 'My account' }).click();
  await page.getByRole('menuitem', { name: 'My alerts' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Within 25 km of Québec' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit Québec' }).click();
  const radius = page.getByRole('textbox', { name: 'Radius (km)' });
  await expect(radius).toHaveValue('25');

  // Nothing changed: the save is ignored with a notice.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('There are no changes to save.')).toBeVisible();

  await radius.fill('12');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your alert is saved.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to my alerts' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Within 12 km of Québec' })).toBeVisible();
});
