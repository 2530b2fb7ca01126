// Helpers shared by the journeys: their `test`, demo accounts, the dev mailbox, login through the real form.
import { test as base, expect, type Page, type APIRequestContext } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { hostOf, serverPort, serverURL } from './servers';

/** Playwright's `test`, with pages and API requests going to the journey's local host (servers.ts). */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from its first parameter.
  baseURL: async ({}, use, testInfo) => use(serverURL(hostOf(testInfo))),
  // A navigation of the journey's page ends once the app has taken over a prerendered page (appReady).
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript the prerendered page is the page.
    if (!javaScriptEnabled) return use(page);
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    await use(page);
  },
});
export { expect };

/** `test.use` of the journeys that need the search map drawn beside the results (playwright.config.ts). */
export const WIDE_SCREEN = { viewport: { width: 1280, height: 720 } };

/**
 * The wait for a map drawn in software (SwiftShader): a second or two alone, far more when the 2 cores
 * are shared with the rest of the gate. Only a map that never draws should fail.
 */
export const MAP_DRAWN = { timeout: 90_000 };

/** Registers nothing (see testIn). */
const noJourney = (() => undefined) as unknown as typeof test;

/**
 * `test` for a journey of a loop over both languages that runs in one of them only (`runsIn`): a
 * journey costs seconds on this machine, and the languages differ in words, not in path, so each
 * journey is walked once, the languages alternating within a file. Translation parity is a unit test.
 * It returns `test` itself so that reports point at the journey's own line.
 */
export const testIn = (lang: Lang, runsIn: Lang): typeof test => (lang === runsIn ? test : noJourney);

export const DEMO_PASSWORD = 'Demo-Partage-2026';
export const ACCOUNTS = {
  admin: 'admin@exemple.ca',
  owner: 'proprietaire@exemple.ca',
  tenant: 'locataire@exemple.ca',
} as const;

export type Lang = 'fr' | 'en';

/** The profile language (the e-mails', whose links open the site in it) of a user who reads `Lang`. */
export const EMAIL_LANGUAGE: Record<Lang, 'FRENCH' | 'ENGLISH'> = { fr: 'FRENCH', en: 'ENGLISH' };

/** Labels the journeys read, per language, exactly as a user sees them. */
export const LABELS = {
  fr: {
    email: 'Courriel',
    password: 'Mot de passe',
    submit: /^Se connecter$/,
    code: 'Code de vérification',
    logout: 'Se déconnecter',
    account: 'Mon compte',
  },
  en: { email: 'Email', password: 'Password', submit: /^Log in$/, code: 'Verification code', logout: 'Log out', account: 'My account' },
} as const;

/** Labels of the account fields that the sign-up form and the administrator's forms share. */
export const ACCOUNT_FIELD_LABELS = {
  fr: {
    organizationName: "Nom de l'organisation",
    organizationType: "Type d'organisation",
    industry: "Secteur d'activité",
    firstName: 'Prénom',
    lastName: 'Nom de famille',
    email: 'Courriel',
  },
  en: {
    organizationName: 'Organisation name',
    organizationType: 'Type of organisation',
    industry: 'Industry',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
  },
} as const;

/** An address no other run has used. */
export const uniqueEmail = (who: string) => `${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@exemple.ca`;

interface OutboxEntry {
  id: string;
  kind: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  /** Where an answer goes (the contact form: the sender). */
  replyTo?: string;
  sentAt: string;
}

export async function outbox(request: APIRequestContext): Promise<OutboxEntry[]> {
  const response = await request.get('/_dev/outbox.json');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as OutboxEntry[];
}

/** Waits for a new e-mail to `to` sent after `since` and returns it. */
export async function waitForEmail(request: APIRequestContext, to: string, since: number): Promise<OutboxEntry> {
  let found: OutboxEntry | undefined;
  await expect
    .poll(async () => {
      found = (await outbox(request)).find((e) => e.kind === 'email' && e.to === to && Date.parse(e.sentAt) >= since);
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/**
 * Notes the e-mails to `to` so far, and gives the wait for the newest one after them. A one-time code
 * replaces the one before it, so the code to type is the last e-mailed; a time window instead may hold
 * a code of a login just before (this journey's own refused try, or a journey that just ended).
 */
export async function nextEmailTo(request: APIRequestContext, to: string): Promise<() => Promise<OutboxEntry>> {
  const mailsTo = async () => (await outbox(request)).filter((e) => e.kind === 'email' && e.to === to);
  const before = new Set((await mailsTo()).map((e) => e.id));
  return async () => {
    let found: OutboxEntry | undefined;
    await expect
      .poll(async () => {
        found = (await mailsTo()).filter((e) => !before.has(e.id)).sort((x, y) => Date.parse(y.sentAt) - Date.parse(x.sentAt))[0];
        return found !== undefined;
      })
      .toBe(true);
    return found!;
  };
}

/**
 * Waits until the app has taken over a prerendered page (web/src/main.tsx): typing into the prerendered
 * form before that is lost when the app renders the same form in its place.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 60_000 });
}

export async function fillLogin(page: Page, lang: Lang, email: string, password = DEMO_PASSWORD): Promise<void> {
  const l = LABELS[lang];
  await appReady(page);
  await page.getByLabel(l.email, { exact: true }).fill(email);
  await page.getByLabel(l.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: l.submit }).click();
}

/** The site path (with its query) of the first link to `path` an e-mail holds. */
export function linkIn(mail: OutboxEntry, path: string): string {
  const url = (mail.text.match(/https?:\/\/\S+/g) ?? []).map((link) => new URL(link)).find((link) => link.pathname === path);
  expect(url, `a link to ${path} in "${mail.subject}"`).toBeDefined();
  return `${url!.pathname}${url!.search}`;
}

/** A GraphQL call as the web app makes it (anonymous unless given a bearer token); answers `data`. */
export async function graphqlCall<T>(request: APIRequestContext, query: string, variables: object, token?: string): Promise<T> {
  const response = await request.post('/graphql', {
    headers: { Authorization: token ? `Bearer ${token}` : 'anonymous' },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: T; errors?: unknown[] };
  expect(body.errors ?? [], JSON.stringify(body.errors)).toEqual([]);
  return body.data!;
}

/**
 * A GraphQL call to the journey's local host from another loopback address (127.0.0.2 to .254) than
 * the browser's: the limits per source address count each address, and an account a journey prepares
 * is another visitor's sign-up, not one more from the browser under test.
 */
function graphqlFromAnotherAddress<T>(query: string, variables: object): Promise<{ data?: T; errors?: unknown[] }> {
  const port = serverPort(hostOf(test.info()));
  const payload = JSON.stringify({ query, variables });
  const headers = {
    host: `localhost:${port}`,
    authorization: 'anonymous',
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
  };
  const localAddress = `127.0.0.${2 + Math.floor(Math.random() * 253)}`;
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port, path: '/graphql', method: 'POST', localAddress, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(text) as { data?: T; errors?: unknown[] });
        } catch (error) {
          reject(error);
        }
      });
    });
    call.on('error', reject);
    call.end(payload);
  });
}

/** A sign-up through the real API, as another visitor would send it (another address); answers the new user's id. */
export async function signUpThroughApi(variables: { input: object }): Promise<string> {
  const signUp = await graphqlFromAnotherAddress<{ createUserAccount: { id: string } }>(
    'mutation SignUp($input: CreateUserAccountInput!) { createUserAccount(input: $input) { id } }',
    variables,
  );
  expect(signUp.errors ?? [], JSON.stringify(signUp.errors)).toEqual([]);
  return signUp.data!.createUserAccount.id;
}

/**
 * A fresh, confirmed USER account made through the real API: sign-up (from another address than the
 * browser's), then the token of the confirmation link read from the dev mailbox. Answers the new user's id.
 * `more` adds sign-up fields: a phoneNumber is on the profile unverified, as a sign-up form that gave one.
 */
export async function signUpConfirmedThroughApi(
  request: APIRequestContext,
  email: string,
  password: string,
  organizationName: string,
  /** More sign-up fields (language, phoneNumber...). */
  more: object = {},
): Promise<string> {
  const since = Date.now() - 1000;
  const id = await signUpThroughApi({
    input: {
      ...more,
      email,
      password,
      firstName: 'Essai',
      lastName: 'Parcours',
      organizationName,
      organizationType: 'NON_PROFIT_ORGANIZATIONS',
      industry: 'CATERING',
      acceptedTermsAndPrivacy: true,
      notRentalCompany: true,
    },
  });
  const link = new URL(linkIn(await waitForEmail(request, email, since), '/confirmez-courriel'), 'http://link');
  await graphqlCall(request, 'mutation Confirm($input: ConfirmEmailInput!) { confirmEmail(input: $input) { id } }', {
    input: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
  });
  return id;
}

/**
 * Logs the demo administrator in through the login page, with the code e-mailed to them: the newest
 * sent after the try began (nextEmailTo). A try refused all the same starts again, a few times.
 */
export async function loginAdminWithEmailedCode(page: Page, request: APIRequestContext, lang: Lang): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.goto(`/connexion?lang=${lang}`);
    const codeMail = await nextEmailTo(request, ACCOUNTS.admin);
    await fillLogin(page, lang, ACCOUNTS.admin);
    const mail = await codeMail();
    await page.getByLabel(LABELS[lang].code).fill(/\b(\d{6})\b/.exec(mail.text)![1]!);
    await page.getByRole('button', { name: LABELS[lang].submit }).click();
    // Either in (the ad list), or the code refused: whichever the page comes to first.
    const outcome = await Promise.race([
      page.waitForURL(/\/annonces$/).then(
        () => 'in' as const,
        () => 'timeout' as const,
      ),
      page
        .getByRole('main')
        .getByRole('alert')
        .waitFor()
        .then(
          () => 'refused' as const,
          () => 'timeout' as const,
        ),
    ]);
    if (outcome !== 'refused' || attempt === 3) break;
  }
  await expect(page).toHaveURL(/\/annonces$/);
}

/** Fills an account form's organisation, its type and industry (option values), names and address. */
export async function fillAccountFields(
  page: Page,
  lang: Lang,
  fields: Record<'organizationName' | 'organizationType' | 'industry' | 'firstName' | 'lastName' | 'email', string>,
): Promise<void> {
  const l = ACCOUNT_FIELD_LABELS[lang];
  await page.getByLabel(l.organizationName).fill(fields.organizationName);
  await page.getByLabel(l.organizationType).selectOption(fields.organizationType);
  await page.getByLabel(l.industry).selectOption(fields.industry);
  await page.getByLabel(l.firstName).fill(fields.firstName);
  await page.getByLabel(l.lastName).fill(fields.lastName);
  await page.getByLabel(l.email, { exact: true }).fill(fields.email);
}

/** The sign-up page's own labels, beside the account fields. */
export const SIGN_UP_LABELS = {
  fr: {
    ...ACCOUNT_FIELD_LABELS.fr,
    password: 'Mot de passe',
    confirmation: 'Confirmer le mot de passe',
    interest: "Offrir de l'équipement ou des espaces",
    terms: /J'ai lu et j'accepte les conditions d'utilisation/,
    notRental: /J'atteste que mon organisation n'est pas une entreprise de location/,
    submit: 'Créer mon compte',
    done: 'Vérifiez vos courriels',
  },
  en: {
    ...ACCOUNT_FIELD_LABELS.en,
    password: 'Password',
    confirmation: 'Confirm the password',
    interest: 'Offering equipment or spaces',
    terms: /I have read and accept the terms of use/,
    notRental: /I attest that my organisation is not an equipment rental company/,
    submit: 'Create my account',
    done: 'Check your email',
  },
} as const;

/** Fills the whole sign-up form (without sending it). */
export async function fillSignUp(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  const l = SIGN_UP_LABELS[lang];
  await fillAccountFields(page, lang, {
    organizationName: `Cuisine collective ${lang}`,
    organizationType: 'NON_PROFIT_ORGANIZATIONS',
    industry: 'CATERING',
    firstName: 'Camille',
    lastName: 'Bouchard',
    email,
  });
  await page.getByLabel(l.password, { exact: true }).fill(password);
  await page.getByLabel(l.confirmation).fill(password);
  await page.getByLabel(l.interest).check();
  await page.getByLabel(l.terms).check();
  await page.getByLabel(l.notRental).check();
}

/** The first-login welcome dialog. */
export const welcomeDialog = (page: Page, lang: Lang) => page.getByRole('dialog', { name: lang === 'fr' ? /Bienvenue/ : /Welcome/ });

/** Closes the first-login welcome dialog with its "later" button. */
export async function closeWelcomeLater(page: Page, lang: Lang): Promise<void> {
  const welcome = welcomeDialog(page, lang);
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: lang === 'fr' ? 'Plus tard' : 'Later' }).click();
  await expect(welcome).toBeHidden();
}

/**
 * An access token from POST /token/login, for setting data up through the API. Administrators log in
 * with a second factor: the code is read from the dev mailbox.
 */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const credentials = { username: email, password, deviceId: `partage-web-e2e-${Date.now()}` };
  const codeMail = await nextEmailTo(request, email);
  let response = await request.post('/token/login', { data: credentials });
  if (response.status() === 202) {
    const code = /\b(\d{6})\b/.exec((await codeMail()).text)?.[1];
    response = await request.post('/token/login', { data: { ...credentials, code } });
  }
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Waits until the page has its answer to `me`, after which the dialogs `me` calls for are decided. */
export function meLoaded(page: Page): Promise<unknown> {
  return page.waitForResponse(
    (response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('query Me'),
  );
}

/** Reloads the page of a signed-in user and waits for its `me`, after which their account menu is back. */
export async function reloadSignedIn(page: Page, lang: Lang): Promise<void> {
  const loaded = meLoaded(page);
  await page.reload();
  await loaded;
  await expect(page.getByRole('button', { name: LABELS[lang].account })).toBeVisible();
}
