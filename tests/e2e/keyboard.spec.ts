// Keyboard-only journeys (WCAG 2.1.1, 2.4.1, 2.4.7): nothing but key presses and typing, no click. A
// visitor signs up from the landing page, confirms the address from the e-mail and logs in; a user
// skips to the content of the ad list, searches, filters, opens an ad from the results and writes to
// its owner. Along the way, the focused control shows a focus indicator.
import type { Locator, Page } from '@playwright/test';
import { STORAGE_KEYS } from '@partage/graphql';
import {
  ACCOUNT_FIELD_LABELS,
  LABELS,
  expect,
  linkIn,
  signUpConfirmedThroughApi,
  test,
  uniqueEmail,
  waitForEmail,
  welcomeDialog,
} from './support';

const PASSWORD = 'Clavier-Seulement-2026';

const T = {
  ...ACCOUNT_FIELD_LABELS.fr,
  signUp: 'Créer un compte',
  password: 'Mot de passe',
  confirmation: 'Confirmer le mot de passe',
  terms: /J'ai lu et j'accepte les conditions d'utilisation/,
  notRental: /J'atteste que mon organisation n'est pas une entreprise de location/,
  submit: 'Créer mon compte',
  done: 'Vérifiez vos courriels',
  confirmed: "Confirmation de l'adresse courriel",
  skip: 'Aller au contenu principal',
  keywords: 'Mots-clés',
  kitchen: 'Cuisine professionnelle',
  contact: 'Contacter le propriétaire',
  message: 'Votre message',
};

/** Presses Tab (Shift+Tab `backwards`) until `target` has focus, failing after `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tabs to a text field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

/** A closed <select> changes its value with the arrow keys: down until `value` is chosen. */
async function chooseWithArrows(page: Page, select: Locator, value: string): Promise<void> {
  await tabTo(page, select);
  for (let presses = 0; presses < 20 && (await select.inputValue()) !== value; presses += 1) await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue(value);
}

/**
 * The focused element shows where focus is (WCAG 2.4.7): an outline or a ring (box-shadow) drawn
 * around it, as the browser computes its style now.
 */
async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const style = await page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return null;
    const computed = getComputedStyle(focused);
    return { outlineStyle: computed.outlineStyle, outlineWidth: computed.outlineWidth, boxShadow: computed.boxShadow };
  });
  expect(style, `${what} has focus`).not.toBeNull();
  const outlined = style!.outlineStyle !== 'none' && parseFloat(style!.outlineWidth) > 0;
  expect(outlined || style!.boxShadow !== 'none', `${what} shows its focus: ${JSON.stringify(style)}`).toBe(true);
}

/** Logs in through the form with the keyboard alone; the first login's welcome closes with Escape. */
async function logInWithKeyboard(page: Page, email: string): Promise<void> {
  await typeInto(page, page.getByLabel(LABELS.fr.email, { exact: true }), email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(LABELS.fr.password, { exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  const welcome = welcomeDialog(page, 'fr');
  await expect(welcome).toBeVisible();
  await expect(welcome.locator(':focus')).toHaveCount(1);
  await expectVisibleFocus(page, 'the welcome dialog’s first control');
  await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();
  await expect(page.getByRole('button', { name: LABELS.fr.account })).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  // The first-visit invitation stays closed: it has its own keyboard check (session-modals.spec.ts).
  await page.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), STORAGE_KEYS.firstVisitModalClosed);
});

test('a visitor signs up, confirms the address and logs in with the keyboard alone', async ({ page, request }) => {
  test.slow();
  const email = uniqueEmail('clavier-inscription');
  await page.goto('/accueil?lang=fr');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const signUp = page.getByRole('banner').getByRole('link', { name: T.signUp });
  await tabTo(page, signUp);
  await expectVisibleFocus(page, 'the header’s sign-up link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: T.signUp })).toBeVisible();
  // Following a link starts at the new page's content.
  await expect(page.getByRole('main')).toBeFocused();

  await typeInto(page, page.getByLabel(T.organizationName), 'Cuisine du clavier');
  await expectVisibleFocus(page, 'a text field');
  await chooseWithArrows(page, page.getByLabel(T.organizationType), 'NON_PROFIT_ORGANIZATIONS');
  await expectVisibleFocus(page, 'a select');
  await chooseWithArrows(page, page.getByLabel(T.industry), 'CATERING');
  await typeInto(page, page.getByLabel(T.firstName), 'Camille');
  await typeInto(page, page.getByLabel(T.lastName), 'Touche');
  await typeInto(page, page.getByLabel(T.email, { exact: true }), email);
  await typeInto(page, page.getByLabel(T.password, { exact: true }), PASSWORD);
  await typeInto(page, page.getByLabel(T.confirmation), PASSWORD);
  for (const declaration of [T.terms, T.notRental]) {
    const box = page.getByRole('checkbox', { name: declaration });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expectVisibleFocus(page, 'a checkbox');
  const submit = page.getByRole('button', { name: T.submit });
  await tabTo(page, submit);
  await expectVisibleFocus(page, 'the submit button');
  const since = Date.now() - 1000;
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: T.done })).toBeFocused();

  // The e-mailed link is followed as a mail program would open it; the rest is keyboard again.
  await page.goto(linkIn(await waitForEmail(request, email, since), '/confirmez-courriel'));
  const login = page.getByRole('main').getByRole('link', { name: LABELS.fr.submit });
  await tabTo(page, login);
  await expectVisibleFocus(page, 'the confirmation’s login link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/connexion/);
  await logInWithKeyboard(page, email);
  await expect(page).toHaveURL(/\/annonces$/);
});

test('a user skips to the ads, searches, filters, opens an ad and writes to its owner with the keyboard alone', async ({
  page,
  request,
}) => {
  test.slow();
  const email = uniqueEmail('clavier-recherche');
  await signUpConfirmedThroughApi(request, email, PASSWORD, 'Popote du clavier');
  await page.goto('/connexion?lang=fr');
  await logInWithKeyboard(page, email);

  // The ad list afresh: the skip link is the first stop and takes focus past the header.
  await page.goto('/annonces?lang=fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Annonces' })).toBeVisible();
  // The first results are in: the search's fields no longer take the values of the URL being loaded.
  const shown = page.getByRole('status').filter({ hasText: /^\d+ annonces? affichées?\.$/ });
  await expect(shown).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: T.skip });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectVisibleFocus(page, 'the skip link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // The next stops are the search's, not the header's.
  const keywords = page.getByRole('searchbox', { name: T.keywords });
  await tabTo(page, keywords, { max: 10 });
  await expectVisibleFocus(page, 'the keyword field');
  await page.keyboard.type('cuisine');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/annonces\?q=cuisine$/);

  const kitchens = page.getByRole('checkbox', { name: T.kitchen });
  await tabTo(page, kitchens);
  await page.keyboard.press('Space');
  await expect(kitchens).toBeChecked();
  await expect(page).toHaveURL(/categories=PROFESSIONAL_KITCHEN/);
  await expect(shown).toBeVisible();

  // On to the results: the first result's link opens the ad.
  const first = page.locator('.ad-card__title a').first();
  const title = (await first.textContent())!;
  await tabTo(page, first);
  await expectVisibleFocus(page, 'a result’s link');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();

  // The owner is written to from the ad: its first message starts the conversation, which then opens.
  const contact = page.getByRole('main').getByRole('link', { name: T.contact });
  await tabTo(page, contact);
  await expectVisibleFocus(page, 'the contact link');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/conversations\/creer\/[\w-]+$/);
  const message = page.getByLabel(T.message);
  await tabTo(page, message);
  await expectVisibleFocus(page, 'the message field');
  const question = `Bonjour, la cuisine est-elle libre lundi ? ${Date.now()}`;
  await page.keyboard.type(question);
  // A first message: Enter breaks the line, Ctrl+Enter sends it.
  await page.keyboard.press('Enter');
  await page.keyboard.type('Merci.');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/conversations\/(?!creer\/)[\w-]+$/);
  await expect(page.getByRole('log').getByText(question)).toBeVisible();
  await expect(page.getByLabel(T.message)).toHaveValue('');
});
