// The chat, end to end with two browsers: a new user asks the demo owner about one of their ads; the
// owner, on another page, sees the unread dot and the message arrive without reloading, opens the
// conversation (the asker sees "Read"), and replies with a picture that reaches the asker live. A text
// file hiding a script is refused by the server with its notice. (The phone's chat: phone.spec.ts.)
import type { Browser, BrowserContext, Page } from '@playwright/test';
import sharp from 'sharp';
import {
  test,
  testIn,
  expect,
  ACCOUNTS,
  apiToken,
  appReady,
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
    forbidden: /« notes\.txt » n'a pas été joint : .*sécurité/,
  },
  en: {
    contact: 'Contact the owner',
    message: 'Your message',
    attach: 'Attach files',
    send: 'Send',
    conversations: 'Conversations',
    unread: /unread/,
    read: 'Read',
    forbidden: /“notes\.txt” was not attached: .*safety/,
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

      // The asker contacts the owner from the ad's page and writes; Ctrl+Enter sends (Enter breaks the line of
      // a first message), which starts the conversation.
      await asker.goto(`/annonces/${ad.path}`);
      // The page arrives painted for a visitor; the click is for the app's page, signed in (ci's one stuck run
      // clicked it during the takeover and stayed on the ad).
      await appReady(asker);
      await asker.getByRole('link', { name: t.contact }).click();
      const question = `Bonjour, est-ce disponible le 3 décembre ? ${Date.now()}`;
      await asker.getByLabel(t.message).fill(question);
      await asker.getByLabel(t.message).press('Control+Enter');
      await expect(asker).toHaveURL(/\/conversations\/[\w-]+$/);
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
}
