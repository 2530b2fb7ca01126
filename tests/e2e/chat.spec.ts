// The chat, end to end with two browsers: a new user asks the demo owner about one of their ads; the
// owner, on another page, sees the unread dot and the message arrive without reloading, opens the
// conversation (the asker sees "Read"), and replies with a picture that reaches the asker live. A text
// file hiding a script is refused by the server with its notice. axe checks both sides, in French and
// English; a phone-sized window shows the list, then the conversation with a way back.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { STORAGE_KEYS } from '@partage/graphql';
import {
  test,
  testIn,
  expect,
  ACCOUNTS,
  apiToken,
  closeWelcomeLater,
  fillLogin,
  graphqlCall,
  signUpConfirmedThroughApi,
  uniqueEmail,
  type Lang,
} from './support';

const PASSWORD = 'Clavarder-Passe-2026';

const T = {
  fr: {
    contact: 'Contacter le propriétaire',
    message: 'Votre message',
    attach: 'Joindre des fichiers',
    send: 'Envoyer',
    conversations: 'Conversations',
    unread: /non lu/,
    read: 'Lu',
    back: 'Retour aux conversations',
    forbidden: /« notes\.txt » n'a pas été joint : .*sécurité/,
    reminders: /M'envoyer un courriel/,
  },
  en: {
    contact: 'Contact the owner',
    message: 'Your message',
    attach: 'Attach files',
    send: 'Send',
    conversations: 'Conversations',
    unread: /unread/,
    read: 'Read',
    back: 'Back to conversations',
    forbidden: /“notes\.txt” was not attached: .*safety/,
    reminders: /E-mail me/,
  },
} as const;

/** A published ad of `owner` (path and title), read through the API as the owner. */
async function publishedAdOf(page: Page, owner: string): Promise<{ id: string; path: string }> {
  const token = await apiToken(page.request, owner);
  const { managedAds } = await graphqlCall<{ managedAds: { items: { id: string; path: string }[] } }>(
    page.request,
    'query { managedAds(published: true, limit: 1) { items { id path } } }',
    {},
    token,
  );
  return managedAds.items[0]!;
}

/** A browser context logged in as `email` through the login page, on the ad list. */
async function signedIn(
  browser: Browser,
  baseURL: string,
  lang: Lang,
  email: string,
  password?: string,
  fresh = false,
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`/connexion?lang=${lang}`);
  await fillLogin(page, lang, email, password);
  await expect(page).toHaveURL(/\/annonces$/);
  if (fresh) await closeWelcomeLater(page, lang);
  return [context, page];
}

/** A new confirmed user, logged in in their own browser context. */
async function newAsker(browser: Browser, baseURL: string, page: Page, lang: Lang) {
  const email = uniqueEmail('asker');
  const organisation = `Popote roulante ${Date.now().toString(36)}`;
  await signUpConfirmedThroughApi(page.request, email, PASSWORD, organisation, { language: lang === 'fr' ? 'FRENCH' : 'ENGLISH' });
  const [context, asker] = await signedIn(browser, baseURL, lang, email, PASSWORD, true);
  return { context, asker, organisation };
}

for (const lang of ['fr', 'en'] as const) {
  const t = T[lang];

  testIn(lang, 'fr')(
    `${lang}: an asker and an owner chat live, with a picture, and a dangerous file is refused`,
    async ({ browser, baseURL, page }) => {
      // Two browsers, an upload and a content check: on a busy 2-core machine this takes more than the default minute.
      test.slow();
      const ad = await publishedAdOf(page, ACCOUNTS.owner);
      const { context: askerContext, asker, organisation } = await newAsker(browser, baseURL!, page, lang);
      const [ownerContext, owner] = await signedIn(browser, baseURL!, lang, ACCOUNTS.owner);
      const ownerLink = owner.getByRole('link', { name: new RegExp(`^${t.conversations}`) });
      await expect(ownerLink).toBeVisible();

      // The asker contacts the owner from the ad's page and writes; Enter sends.
      await asker.goto(`/annonces/${ad.path}`);
      await asker.getByRole('link', { name: t.contact }).click();
      await expect(asker).toHaveURL(/\/conversations\/[\w-]+$/);
      const question = `Bonjour, est-ce disponible le 3 décembre ? ${Date.now()}`;
      await asker.getByLabel(t.message).fill(question);
      await asker.getByLabel(t.message).press('Enter');
      const askerLog = asker.getByRole('log');
      await expect(askerLog.getByText(question)).toBeVisible();
      await expect(asker.getByLabel(t.message)).toHaveValue('');

      // The owner's header shows the dot without a reload; the conversation opens with the message.
      await expect(ownerLink).toHaveAccessibleName(t.unread);
      await ownerLink.click();
      await owner.getByRole('link', { name: new RegExp(organisation) }).click();
      const ownerLog = owner.getByRole('log');
      await expect(ownerLog.getByText(question)).toBeVisible();
      await expect(ownerLink).not.toHaveAccessibleName(t.unread);
      // Opening it told the asker's page the message was read.
      await expect(askerLog.getByText(t.read, { exact: true })).toBeVisible();

      // The owner replies with a picture; it reaches the asker live, shown inline.
      const photo = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 30, g: 120, b: 80 } } })
        .png()
        .toBuffer();
      await owner.getByLabel(t.attach).setInputFiles({ name: 'chambre-froide.png', mimeType: 'image/png', buffer: photo });
      await owner.getByLabel(t.message).fill('Oui, voici la chambre froide.');
      await owner.getByRole('button', { name: t.send }).click();
      await expect(ownerLog.getByRole('img', { name: 'chambre-froide.png' })).toBeVisible();
      await expect(askerLog.getByText('Oui, voici la chambre froide.')).toBeVisible();
      const received = askerLog.getByRole('img', { name: 'chambre-froide.png' });
      await expect(received).toBeVisible();
      expect(await received.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);

      // A text file hiding a script is uploaded, judged by its content and left out with its notice.
      await asker
        .getByLabel(t.attach)
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Liste\n<script>alert(1)</script>\n') });
      await asker.getByRole('button', { name: t.send }).click();
      await expect(asker.getByRole('alert').filter({ hasText: t.forbidden })).toBeVisible();
      await expect(askerLog.getByText('notes.txt')).toHaveCount(0);

      await askerContext.close();
      await ownerContext.close();
    },
  );

  testIn(lang, 'en')(
    `${lang}: a visitor logs in to contact an owner; on a phone, the list then the conversation`,
    async ({ browser, baseURL, page }) => {
      const ad = await publishedAdOf(page, 'traiteur@exemple.ca');
      const email = uniqueEmail('visitor');
      await signUpConfirmedThroughApi(page.request, email, PASSWORD, `Cuisine collective ${Date.now().toString(36)}`, {
        language: 'ENGLISH',
      });
      const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
      const phone = await context.newPage();
      // The first-visit invitation stays closed: this journey is about the chat.
      await phone.addInitScript((key) => localStorage.setItem(key, new Date().toISOString()), STORAGE_KEYS.firstVisitModalClosed);

      // A visitor's contact button goes to login, which comes back to the new conversation.
      await phone.goto(`/annonces/${ad.path}?lang=${lang}`);
      await phone.getByRole('link', { name: t.contact }).click();
      await expect(phone).toHaveURL(/\/connexion\?returnPath=/);
      await fillLogin(phone, lang, email, PASSWORD);
      await expect(phone).toHaveURL(/\/conversations\/[\w-]+$/);
      await closeWelcomeLater(phone, lang);
      await phone.getByLabel(t.message).fill('Hello, is the kitchen free on weekends?');
      await phone.getByRole('button', { name: t.send }).click();
      await expect(phone.getByRole('log').getByText('Hello, is the kitchen free on weekends?')).toBeVisible();

      // On a phone the conversation fills the screen; back shows the list, which then fills it.
      await phone.getByRole('link', { name: t.back }).click();
      await expect(phone).toHaveURL(/\/conversations$/);
      await expect(phone.getByRole('log')).toHaveCount(0);
      await expect(phone.getByRole('link', { name: /Hello, is the kitchen free/ })).toBeVisible();

      // The e-mail reminders can be turned off in the settings.
      await phone.goto('/parametres');
      const reminders = phone.getByRole('checkbox', { name: t.reminders });
      await expect(reminders).toBeChecked();
      // The box follows the saved preference: it changes once the server has it (a retrying check).
      await reminders.click();
      await expect(reminders).not.toBeChecked();
      await phone.reload();
      await expect(phone.getByRole('checkbox', { name: t.reminders })).not.toBeChecked();
      await context.close();
    },
  );
}
