// A new terms version blocks users until they accept it (spec §4). An administrator publishes it with
// its four PDFs at /gestion-conditions; publishing changes what every USER sees, so this file runs in
// the `terms` project, on a host of its own (tests/e2e/servers.ts), its tests in order.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  closeWelcomeLater,
  fillLogin,
  loginAdminWithEmailedCode,
  reloadSignedIn,
  signUpConfirmedThroughApi,
  type Lang,
} from './support';

const PASSWORD = 'Essai-Parcours-2026';
const VERSION = '2026-07';
const WORDS = {
  fr: { title: "Conditions d'utilisation", accept: "J'accepte", logout: 'Se déconnecter', history: 'Conditions d’utilisation acceptées' },
  en: { title: 'Terms of use', accept: 'I accept', logout: 'Log out', history: 'Terms of use accepted' },
} as const;

// Accounts made before the new version, so that they accepted only the previous one at sign-up.
const users = {} as Record<Lang | 'declines', string>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  for (const who of ['fr', 'en', 'declines'] as const) {
    users[who] = `conditions-${who}-${Date.now()}@exemple.ca`;
    await signUpConfirmedThroughApi(request, users[who], PASSWORD, `Organisme ${who}`);
  }
});

/** A small PDF whose text names its document, so each of the four files is told apart. */
const pdf = (name: string) => ({
  name: `${name}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Title (${name} ${VERSION}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`),
});
const FILE_LABELS = [
  'Conditions d’utilisation, français (PDF)',
  'Conditions d’utilisation, anglais (PDF)',
  'Politique de confidentialité, français (PDF)',
  'Politique de confidentialité, anglais (PDF)',
];

test('an administrator publishes a new version with its four PDFs', async ({ page, request }) => {
  await loginAdminWithEmailedCode(page, request, 'fr');
  await page.getByRole('button', { name: 'Mon compte' }).click();
  await page.getByRole('menuitem', { name: 'Gérer les conditions d’utilisation' }).click();
  await expect(page).toHaveURL(/\/gestion-conditions$/);
  await expect(page.getByRole('region', { name: 'Version en vigueur' })).toContainText('Version 2026-01');

  await page.getByLabel('Libellé de la version').fill(VERSION);
  for (const [index, label] of FILE_LABELS.entries()) await page.getByLabel(label).setInputFiles(pdf(`document-${index + 1}`));
  await expect(page.getByText(/est téléversé\./)).toHaveCount(4);
  await page.getByRole('button', { name: 'Publier', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Publier cette version?' });
  await expect(confirm).toContainText('Chaque utilisateur devra l’accepter');
  await confirm.getByRole('button', { name: 'Publier la version' }).click();
  await expect(page.getByText('La nouvelle version est publiée')).toBeVisible();

  const current = page.getByRole('region', { name: 'Version en vigueur' });
  await expect(current).toContainText(`Version ${VERSION}`);
  const english = current.getByRole('link', { name: /Conditions d’utilisation \(anglais\)/ });
  await expect(english).toHaveAttribute('href', /\/files\/public\//);
  // The public can read it, as uploaded.
  const file = await request.get((await english.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect((await file.body()).toString()).toContain(`document-2 ${VERSION}`);
});

const termsIn = (page: Page, lang: Lang) => page.getByRole('dialog', { name: WORDS[lang].title });

async function logIn(page: Page, lang: Lang, email: string) {
  await page.goto(`/connexion?lang=${lang}`);
  await fillLogin(page, lang, email, PASSWORD);
  await expect(termsIn(page, lang)).toBeVisible();
  return termsIn(page, lang);
}

for (const lang of ['fr', 'en'] as const) {
  test(`(${lang}) a user must accept the new terms before going on, and only once`, async ({ page }) => {
    const terms = await logIn(page, lang, users[lang]);
    await expect(terms).toContainText(VERSION);
    // The new version's own PDF, in the reader's language (document 1 is the French terms, 2 the English).
    const termsPdf = await terms.getByRole('link', { name: /PDF/ }).first().getAttribute('href');
    expect(termsPdf).toMatch(/\/files\/public\//);
    expect((await (await page.request.get(termsPdf!)).body()).toString()).toContain(`document-${lang === 'fr' ? 1 : 2} ${VERSION}`);

    // Blocking: neither Escape nor a click on the backdrop closes it (the very same dialog stays open,
    // not a new one opened again); focus stays inside.
    const dialog = await terms.elementHandle();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    expect(await dialog!.evaluate((element) => element.isConnected && (element as HTMLDialogElement).open)).toBe(true);
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      expect(await terms.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }

    await terms.getByRole('button', { name: WORDS[lang].accept }).click();
    await expect(terms).toBeHidden();
    // A fresh account: its first-login welcome comes once the terms are out of the way.
    await closeWelcomeLater(page, lang);

    await reloadSignedIn(page, lang);
    await expect(terms).toBeHidden();

    // Both versions in their settings, the new one first: the sign-up's and the one just accepted.
    await page.goto('/parametres');
    const history = page.getByRole('region', { name: WORDS[lang].history });
    await expect(history.getByText(/^Version /)).toHaveText([new RegExp(`Version ${VERSION}`), /Version 2026-01/]);
    await expect(history.getByRole('link', { name: new RegExp(`${VERSION}`) }).first()).toHaveAttribute('href', termsPdf!);
  });
}

test('the administrator sees who accepted the new version', async ({ page, request }) => {
  await loginAdminWithEmailedCode(page, request, 'fr');
  await page.goto('/gestion-conditions');
  await page.getByRole('button', { name: `Qui a accepté la version ${VERSION}` }).click();
  const acceptances = page.getByRole('region', { name: `Acceptations de la version ${VERSION}` });
  await expect(acceptances.getByRole('row', { name: new RegExp(users.fr) })).toContainText('Organisme fr');
  await expect(acceptances.getByRole('row', { name: new RegExp(users.en) })).toBeVisible();
  await expect(acceptances.getByRole('row', { name: new RegExp(users.declines) })).toHaveCount(0);
});

test('a user who does not accept the new terms logs out', async ({ page }) => {
  const terms = await logIn(page, 'fr', users.declines);
  await terms.getByRole('button', { name: WORDS.fr.logout }).click();
  await expect(page).toHaveURL(/\/accueil$/);
  expect(await page.evaluate(() => localStorage.getItem('partage.token'))).toBeNull();
  await page.goto('/parametres');
  await expect(page).toHaveURL(/\/connexion\?returnPath=/);
});
