// What the rental journeys start from, made through the API (what they walk starts after it): a new
// owner with a verified phone and a published ad offered every day, a new tenant who asked about it,
// and the second party's browser.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { adInput } from '../../functions/testing/ad-input';
import { apiToken, closeWelcomeLater, expect, fillLogin, graphqlCall, outbox, signUpConfirmedThroughApi, uniqueEmail } from './support';

export const PASSWORD = 'Location-Essai-2026';
export const DAY_MS = 86_400_000;

/** A North American number in the fictional 555 exchange; each host is fresh, chance keeps runs of one host apart. */
const uniquePhone = () => `581 555-${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;
const digitsOf = (phone: string) => phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');

/** The code texted to `phone` after `since`, from the dev outbox. */
async function smsCode(request: APIRequestContext, phone: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const texts = (await outbox(request)).filter(
        (entry) => entry.kind === 'sms' && digitsOf(entry.to) === digitsOf(phone) && Date.parse(entry.sentAt) >= since,
      );
      code = /\b(\d{6})\b/.exec(texts.at(-1)?.text ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * A new owner with a verified phone and a published ad offered every day, and a new tenant who has
 * asked about it: made through the API (what this journey walks starts after them). Answers the
 * accounts and the conversation's id.
 */
export async function ownerAdAndTenant(request: APIRequestContext) {
  const owner = { email: uniqueEmail('proprietaire-location'), phone: uniquePhone() };
  const tenant = { email: uniqueEmail('locataire-location') };
  await signUpConfirmedThroughApi(request, owner.email, PASSWORD, 'Cuisine partagée de Lévis', { phoneNumber: owner.phone });
  await signUpConfirmedThroughApi(request, tenant.email, PASSWORD, 'Traiteur du Fleuve');
  const ownerToken = await apiToken(request, owner.email, PASSWORD);
  const since = Date.now() - 1000;
  await graphqlCall(request, 'mutation { sendPhoneVerificationCode { phoneNumber } }', {}, ownerToken);
  const code = await smsCode(request, owner.phone, since);
  await graphqlCall(
    request,
    'mutation Verify($input: VerifyPhoneCodeInput!) { verifyPhoneCode(input: $input) { phoneVerified } }',
    {
      input: { code },
    },
    ownerToken,
  );
  const title = `Cuisine de Lévis ${Date.now()}`;
  const { createAd } = await graphqlCall<{ createAd: { id: string } }>(
    request,
    'mutation CreateAd($input: AdInput!, $requestKey: ID!) { createAd(input: $input, requestKey: $requestKey) { id } }',
    {
      requestKey: crypto.randomUUID(),
      input: adInput({
        title: { fr: title, en: null },
        availability: { all: true, day: true, evening: true, weekdays: [], restrictions: [] },
      }),
    },
    ownerToken,
  );
  await graphqlCall(request, 'mutation Publish($id: ID!) { publishAd(id: $id) { id } }', { id: createAd.id }, ownerToken);
  const tenantToken = await apiToken(request, tenant.email, PASSWORD);
  const { createConversation } = await graphqlCall<{ createConversation: { id: string } }>(
    request,
    'mutation Ask($input: CreateConversationInput!) { createConversation(input: $input) { id } }',
    {
      input: { adId: createAd.id, message: { clientMessageId: crypto.randomUUID(), body: 'Bonjour, est-ce libre la semaine prochaine ?' } },
    },
    tenantToken,
  );
  return { owner, tenant, title, conversationId: createConversation.id };
}

/** The second party, in a browser context of their own on the journey's host. */
export async function signedIn(browser: Browser, baseURL: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/connexion?lang=fr');
  await fillLogin(page, 'fr', email, PASSWORD);
  await closeWelcomeLater(page, 'fr');
  return page;
}
