import type { Page } from '@playwright/test';
import { test, testIn, expect, ACCOUNTS, LABELS, fillLogin, nextEmailTo, WIDE_SCREEN, type Lang } from './support';

const STORAGE_TOKEN = 'partage.token';
const STORAGE_REFRESH = 'partage.refreshToken';

const storedToken = (page: Page) => page.evaluate((k) => window.localStorage.getItem(k), STORAGE_TOKEN);

async function logout(page: Page, lang: Lang): Promise<void> {
  await page.getByRole('button', { name: lang === 'fr' ? /Mon compte/ : /My account/ }).click();
  await page.getByRole('menuitem', { name: LABELS[lang].logout }).click();
}

async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await page.goto('/parametres?lang=fr');
  await page.getByLabel('Mot de passe actuel').fill(current);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(next);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(next);
  await page.getByRole('button', { name: /Changer le mot de passe/ }).click();
  await expect(page.getByText(/mot de passe a été changé/i)).toBeVisible();
}

// Each journey once, the languages alternating (testIn): the form and its messages are the same in both.
for (const lang of ['fr', 'en'] as const) {
  test.describe(`in ${lang}`, () => {
    for (const who of ['owner', 'tenant'] as const) {
      testIn(lang, who === 'owner' ? 'fr' : 'en')(`${who} logs in and reaches the ad list route`, async ({ page }) => {
        await page.goto(`/connexion?lang=${lang}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await fillLogin(page, lang, ACCOUNTS[who]);
        await expect(page).toHaveURL(/\/annonces$/);
        expect(await storedToken(page)).toBeTruthy();
        await expect(page.getByRole('button', { name: lang === 'fr' ? /Mon compte/ : /My account/ })).toBeVisible();
      });
    }

    testIn(lang, 'en')('admin logs in with a code read from the dev mailbox', async ({ page, request }) => {
      await page.goto(`/connexion?lang=${lang}`);
      const codeMail = await nextEmailTo(request, ACCOUNTS.admin);
      await fillLogin(page, lang, ACCOUNTS.admin);
      const codeField = page.getByLabel(LABELS[lang].code);
      await expect(codeField).toBeFocused();
      const mail = await codeMail();
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      await codeField.fill(code!);
      await page.getByRole('button', { name: LABELS[lang].submit }).click();
      await expect(page).toHaveURL(/\/annonces$/);
      expect(await storedToken(page)).toBeTruthy();
    });

    testIn(lang, 'fr')('a wrong password shows the generic login error and stores nothing', async ({ page }) => {
      await page.goto(`/connexion?lang=${lang}`);
      await fillLogin(page, lang, ACCOUNTS.tenant, 'Wrong-Password-1');
      await expect(
        page
          .getByRole('status')
          .or(page.getByRole('alert'))
          .filter({ hasText: lang === 'fr' ? /courriel ou mot de passe/i : /email or password/i }),
      ).toBeVisible();
      expect(await storedToken(page)).toBeNull();
      await expect(page).toHaveURL(/\/connexion/);
    });
  });
}

test('a protected page sends a visitor to login and back (returnPath round trip)', async ({ page }) => {
  await page.goto('/parametres?lang=fr');
  await expect(page).toHaveURL(/\/connexion\?returnPath=%2Fparametres/);
  await fillLogin(page, 'fr', ACCOUNTS.owner);
  await expect(page).toHaveURL(/\/parametres$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a logged-in user opening a visitors-only page is sent to the ad list', async ({ page }) => {
  await page.goto('/connexion?lang=en');
  await fillLogin(page, 'en', ACCOUNTS.tenant);
  await expect(page).toHaveURL(/\/annonces$/);
  await page.goto('/connexion');
  await expect(page).toHaveURL(/\/annonces$/);
});

test.describe(() => {
  // The search map drawn, so that it saves the position that logging out must clear.
  test.use(WIDE_SCREEN);

  test('logout clears the stored session and returns to the landing page', async ({ page }) => {
    await page.goto('/connexion?lang=en');
    await fillLogin(page, 'en', ACCOUNTS.owner);
    await expect(page).toHaveURL(/\/annonces$/);
    // From a protected page: the guard must not mistake the logout for a visitor needing to log in.
    await page.goto('/parametres');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await logout(page, 'en');
    await expect(page).toHaveURL(/\/accueil$/);
    const stored = await page.evaluate(
      (keys) => keys.map((k) => window.localStorage.getItem(k)),
      [STORAGE_TOKEN, STORAGE_REFRESH, 'partage.mapLatitude', 'partage.mapLongitude', 'partage.mapZoom'],
    );
    expect(stored).toEqual([null, null, null, null, null]);
    // The session is really gone: a protected page asks for login again.
    await page.goto('/parametres');
    await expect(page).toHaveURL(/\/connexion\?returnPath=/);
  });
});

test('a change of password works end to end and the old one stops working', async ({ page }) => {
  await page.goto('/connexion?lang=fr');
  await fillLogin(page, 'fr', ACCOUNTS.tenant);
  await expect(page).toHaveURL(/\/annonces$/);
  await changePassword(page, 'Demo-Partage-2026', 'Nouveau-Passe-2026');
  await logout(page, 'fr');
  await page.goto('/connexion');
  await fillLogin(page, 'fr', ACCOUNTS.tenant);
  await expect(page.getByText(/courriel ou mot de passe/i)).toBeVisible();
  await fillLogin(page, 'fr', ACCOUNTS.tenant, 'Nouveau-Passe-2026');
  await expect(page).toHaveURL(/\/annonces$/);
  // Put the demo password back so the journey can run again on the same data.
  await changePassword(page, 'Nouveau-Passe-2026', 'Demo-Partage-2026');
});

test('public pages have no serious accessibility violations, in both languages', async ({ page }) => {
  for (const lang of ['fr', 'en']) {
    for (const path of ['/accueil', '/connexion', '/page-qui-n-existe-pas']) {
      await page.goto(`${path}?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  }
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/accueil?lang=fr');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: /contenu principal/i });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('the root route sends a visitor to the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/accueil$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
