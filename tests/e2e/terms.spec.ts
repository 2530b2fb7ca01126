// A new terms version blocks users until they accept it (spec §4). Publishing it changes what every
// USER sees, so this file runs in the `terms` project, after all the other journeys.
import type { Page } from '@playwright/test';
import {
  test,
  expect,
  ACCOUNTS,
  apiToken,
  closeWelcomeLater,
  expectNoSeriousA11yViolations,
  fillLogin,
  graphqlCall,
  reloadSignedIn,
  signUpConfirmedThroughApi,
  type Lang,
} from './support';

const PASSWORD = 'Essai-Parcours-2026';
const VERSION = '2026-07';
const WORDS = {
  fr: { title: "Conditions d'utilisation", accept: "J'accepte", logout: 'Se déconnecter' },
  en: { title: 'Terms of use', accept: 'I accept', logout: 'Log out' },
} as const;

// Accounts made before the new version, so that they accepted only the previous one at sign-up.
const users = {} as Record<Lang | 'declines', string>;

test.beforeAll(async ({ request }) => {
  for (const who of ['fr', 'en', 'declines'] as const) {
    users[who] = `conditions-${who}-${Date.now()}@exemple.ca`;
    await signUpConfirmedThroughApi(request, users[who], PASSWORD, `Organisme ${who}`);
  }
  const adminToken = await apiToken(request, ACCOUNTS.admin);
  const { publishTermsVersion } = await graphqlCall<{ publishTermsVersion: { version: string } }>(
    request,
    'mutation Publish($input: PublishTermsVersionInput!) { publishTermsVersion(input: $input) { version } }',
    { input: { version: VERSION } },
    adminToken,
  );
  expect(publishTermsVersion.version).toBe(VERSION);
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
    await expect(terms.getByRole('link', { name: /PDF/ }).first()).toHaveAttribute('href', `/legal/conditions-utilisation-${lang}.pdf`);
    await expectNoSeriousA11yViolations(page);

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
  });
}

test('a user who does not accept the new terms logs out', async ({ page }) => {
  const terms = await logIn(page, 'fr', users.declines);
  await terms.getByRole('button', { name: WORDS.fr.logout }).click();
  await expect(page).toHaveURL(/\/accueil$/);
  expect(await page.evaluate(() => localStorage.getItem('partage.token'))).toBeNull();
  await page.goto('/parametres');
  await expect(page).toHaveURL(/\/connexion\?returnPath=/);
});
