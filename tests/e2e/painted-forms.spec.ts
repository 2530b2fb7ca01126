// A visitor who types into a page painted ahead before the app has taken it over (docs/painted-forms.md), as
// on a phone: CPU slowed 6× (Lighthouse's phone profile) on a 375 px touch screen, and on a laptop. The app's
// scripts are held until the visitor has typed and sent the form, so the page is the painted one whatever
// the machine's speed; then nothing typed is lost, no address ever holds what was typed, and what was asked
// for is done: logged in, message sent, account created, ads searched.
import type { Page } from '@playwright/test';
import { CONTACT_MIN_FILL_MS } from '@partage/graphql';
import { ACCOUNTS, appReady, DEMO_PASSWORD, expect, fillSignUp, LABELS, SIGN_UP_LABELS, test, uniqueEmail, type Lang } from './support';

const SCREENS = [
  { name: 'a 375 px phone', lang: 'fr', use: { viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true } },
  { name: 'a laptop', lang: 'en', use: { viewport: { width: 1200, height: 720 } } },
] as const;

interface PaintedVisit {
  /** Every URL the page asked for or showed. */
  urls: string[];
  /** Lets the app's scripts load, then waits for the takeover. */
  takeOver: () => Promise<void>;
}

/** Opens `path` as painted: CPU ×6, the app's scripts held until `takeOver`. */
async function openPainted(page: Page, path: string): Promise<PaintedVisit> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  // Not awaited: the journey's goto waits for the takeover (support.ts), which waits for the scripts.
  const opened = page.goto(path).catch(() => undefined);
  return {
    urls,
    takeOver: async () => {
      release();
      await opened;
      await appReady(page);
    },
  };
}

/** Nothing typed in any address: neither the value nor its URL-encoded form. */
function expectNoneHolds(urls: string[], ...secrets: string[]) {
  for (const secret of secrets) {
    const leaked = urls.filter((url) => url.includes(secret) || url.includes(encodeURIComponent(secret)));
    expect(leaked, `addresses holding ${secret}`).toEqual([]);
  }
}

const CONTACT = {
  fr: {
    name: 'Nom',
    email: 'Courriel',
    subject: 'Objet',
    message: 'Message',
    send: 'Envoyer le message',
    sent: 'Merci ! Votre message a été transmis',
  },
  en: {
    name: 'Name',
    email: 'Email',
    subject: 'Subject',
    message: 'Message',
    send: 'Send the message',
    sent: 'Thank you! Your message has been passed on',
  },
} as const;

const langQuery = (lang: Lang) => (lang === 'fr' ? '' : '?lang=en');

for (const screen of SCREENS) {
  const { lang } = screen;
  test.describe(`typing before the app is there, on ${screen.name}`, () => {
    test.use(screen.use);

    test('a login sent early logs in, and the password is never in an address', async ({ page }) => {
      const visit = await openPainted(page, `/connexion${langQuery(lang)}`);
      await page.getByLabel(LABELS[lang].email, { exact: true }).pressSequentially(ACCOUNTS.tenant);
      await page.getByLabel(LABELS[lang].password, { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel(LABELS[lang].password, { exact: true }).press('Enter');
      await expect(page).toHaveURL(/\/connexion(\?lang=en)?$/);

      await visit.takeOver();
      // The visitors-only login page moves on once logged in.
      await expect(page).toHaveURL(/\/annonces/);
      expectNoneHolds(visit.urls, DEMO_PASSWORD, ACCOUNTS.tenant);
    });

    test('a message written early is sent, nothing typed lost', async ({ page }) => {
      const sender = uniqueEmail('tot');
      const l = CONTACT[lang];
      const visit = await openPainted(page, `/nous-joindre${langQuery(lang)}`);
      await page.getByRole('textbox', { name: l.name, exact: true }).pressSequentially('Luc Tremblay');
      await page.getByRole('textbox', { name: l.email, exact: true }).fill(sender);
      await page.getByRole('textbox', { name: l.subject, exact: true }).fill('Chambre froide');
      await page.getByRole('textbox', { name: l.message, exact: true }).fill('Avez-vous une chambre froide près de Rimouski ?');
      // A person takes longer than this to fill the form in; quicker, the server takes the sender for a robot.
      await page.waitForTimeout(CONTACT_MIN_FILL_MS);
      await page.getByRole('button', { name: l.send }).click();

      await visit.takeOver();
      await expect(page.getByText(new RegExp(`^${l.sent}.*${sender.replace(/[.+]/g, '\\$&')}`))).toBeVisible();
      expectNoneHolds(visit.urls, sender, 'Rimouski');
    });

    test('an account filled in early is created, its passwords never in an address', async ({ page }) => {
      const email = uniqueEmail('tot-inscription');
      const password = 'Parcours-Tot-2026';
      const visit = await openPainted(page, `/inscription${langQuery(lang)}`);
      await fillSignUp(page, lang, email, password);
      await page.getByRole('button', { name: SIGN_UP_LABELS[lang].submit }).click();

      await visit.takeOver();
      await expect(page.getByRole('heading', { level: 1, name: SIGN_UP_LABELS[lang].done })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      expectNoneHolds(visit.urls, password, email);
    });
  });
}

test.describe('searching before the app is there, on a laptop', () => {
  test.use({ viewport: { width: 1200, height: 720 } });
  const keywords = (page: Page) => page.getByRole('searchbox', { name: 'Keywords' });

  test('a keyword typed is kept and searched once the app is there', async ({ page }) => {
    const visit = await openPainted(page, '/annonces?lang=en');
    await keywords(page).pressSequentially('cuisine');
    await visit.takeOver();
    await expect(keywords(page)).toHaveValue('cuisine');
    await expect(page).toHaveURL(/[?&]q=cuisine(&|$)/);
  });

  test('a keyword entered is searched by the server, then kept by the app', async ({ page }) => {
    const visit = await openPainted(page, '/annonces?lang=en');
    await keywords(page).fill('cuisine');
    await keywords(page).press('Enter');
    // The server paints the results of the address the form made, still without the app.
    await expect(page).toHaveURL(/\/annonces\?lang=en&q=cuisine/);
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(1);
    await expect(keywords(page)).toHaveValue('cuisine');

    await visit.takeOver();
    await expect(keywords(page)).toHaveValue('cuisine');
    await expect(
      page.getByRole('list', { name: 'Search criteria' }).getByRole('button', { name: 'Remove the criterion: “cuisine”' }),
    ).toBeVisible();
  });
});

test.describe('searching before the app is there, on a 375 px phone', () => {
  test.use(SCREENS[0].use);

  test('the search bar is on the screen, and a keyword typed there is kept and searched once the app is there', async ({ page }) => {
    const visit = await openPainted(page, '/annonces');
    const keywords = page.getByRole('searchbox', { name: 'Mots-clés' });
    await expect(keywords).toBeInViewport();
    await keywords.pressSequentially('cuisine');
    await visit.takeOver();
    await expect(keywords).toHaveValue('cuisine');
    await expect(page).toHaveURL(/[?&]q=cuisine(&|$)/);
  });
});

test.describe('without JavaScript at all', () => {
  test.use({ javaScriptEnabled: false });

  test('a login sent goes back to the page by POST, the password in no address', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    page.on('framenavigated', (frame) => urls.push(frame.url()));
    await page.goto('/connexion');
    await page.getByLabel(LABELS.fr.email, { exact: true }).fill(ACCOUNTS.tenant);
    await page.getByLabel(LABELS.fr.password, { exact: true }).fill(DEMO_PASSWORD);
    const posted = page.waitForRequest((request) => request.method() === 'POST');
    await page.getByLabel(LABELS.fr.password, { exact: true }).press('Enter');
    expect(new URL((await posted).url()).pathname).toBe('/connexion');
    await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
    expectNoneHolds(urls, DEMO_PASSWORD, ACCOUNTS.tenant);
  });

  test('a search sent is answered by the server with its results', async ({ page }) => {
    await page.goto('/annonces');
    await page.getByRole('searchbox', { name: 'Mots-clés' }).fill('cuisine');
    await page.getByRole('searchbox', { name: 'Mots-clés' }).press('Enter');
    await expect(page).toHaveURL(/\/annonces\?q=cuisine/);
    await expect(page.getByRole('searchbox', { name: 'Mots-clés' })).toHaveValue('cuisine');
  });
});
