// The load bench's users, prepared through the local host's API before the measured window (load.ts),
// as people would be: each signs up from their own address, confirms their e-mail from the dev
// mailbox's link, logs in, verifies their phone with the texted code, completes the payment
// provider's onboarding on the simulator's page, publishes an ad somewhere in Quebec (placed like the
// population), asks about the next user's ad, and proposes a contract to the user who asked about theirs.
// User i thus owns ad i and is the tenant of conversation i (about ad i + 1), whose owner is user i + 1.

import { quebecToday } from '@partage/graphql';
import { adInput } from '../../functions/testing/ad-input';
import { Connection, DOCUMENTS, userAddress } from './load-client';
import { quebecAds } from './quebec-ads';

export const PASSWORD = 'Charge-Essai-2026';
const DAY_MS = 86_400_000;

export interface Place {
  label: string;
  town: string;
  latitude: number;
  longitude: number;
}

export interface Session {
  token: string;
  refreshToken: string;
  /** When the access token was issued (it lives 15 minutes). */
  at: number;
}

export interface LoadUser {
  index: number;
  id: string;
  email: string;
  phone: string;
  deviceId: string;
  deviceToken: string;
  connection: Connection;
  session: Session;
  ad: { id: string; path: string };
  /** The conversation where this user is the tenant (about the next user's ad). */
  tenantConversation: string;
  /** Its first message, this user's question. */
  question: string;
  /** The conversation where this user is the owner (the previous user's question). */
  ownerConversation: string;
  /** The contract the previous user proposed to this one before the window. */
  waitingProposal: string;
  /** The days (from today) of the next period this user proposes on their ad: one-day periods, never overlapping. */
  nextProposalDay: number;
}

const FIRST_PROPOSAL_DAY = 10;

/** Runs `work` on every item, `inFlight` at a time. */
export async function pool<T>(items: T[], inFlight: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface OutboxEntry {
  kind: 'email' | 'sms';
  to: string;
  text: string;
}

const digitsOf = (phone: string) => phone.replace(/\D/g, '').slice(-10);

/** Reads the dev mailbox until `find` finds what every key waits for (an e-mail's link, an SMS's code). */
async function fromOutbox(operator: Connection, keys: string[], find: (entry: OutboxEntry) => [string, string] | null) {
  const found = new Map<string, string>();
  for (let attempt = 0; found.size < keys.length; attempt++) {
    if (attempt === 600) throw new Error(`${keys.length - found.size} messages never reached the dev mailbox`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    const answer = await operator.request('GET', '/_dev/outbox.json');
    for (const entry of JSON.parse(answer.text) as OutboxEntry[]) {
      const hit = find(entry);
      if (hit && !found.has(hit[0])) found.set(hit[0], hit[1]);
    }
  }
  return found;
}

/**
 * Prepares `count` users. `beforeWebhook` is awaited before each step that makes the simulator post
 * a webhook to the host (onboarding): the bench keeps those posts within the host's limit for their
 * source address (load.ts).
 */
export async function prepareUsers(
  origin: string,
  count: number,
  beforeWebhook: () => Promise<void>,
  log: (line: string) => void,
): Promise<LoadUser[]> {
  const operator = new Connection(origin, '127.77.255.254');
  const { quebecPoint } = quebecAds(20_261_129);
  const drafts = Array.from({ length: count }, (_, index) => ({
    index,
    email: `charge-${index}@exemple.ca`,
    // The fictional 555 exchange, one number per user.
    phone: `581 555-${String(1000 + index).padStart(4, '0')}`,
    deviceId: `partage-web-load-${index}`,
    connection: new Connection(origin, userAddress(index)),
    place: quebecPoint(),
  }));
  const step = async (name: string, inFlight: number, work: (draft: (typeof drafts)[number]) => Promise<void>) => {
    const started = performance.now();
    await pool(drafts, inFlight, work);
    log(`  ${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  const ids = new Map<number, string>();
  await step('sign-ups', 8, async ({ index, email, phone, connection }) => {
    const { createUserAccount } = await connection.graphql<{ createUserAccount: { id: string } }>(DOCUMENTS.signUp, {
      input: {
        email,
        password: PASSWORD,
        firstName: 'Camille',
        lastName: `Charge ${index}`,
        organizationName: `Cuisine collective ${index}`,
        organizationType: 'NON_PROFIT_ORGANIZATIONS',
        industry: 'CATERING',
        phoneNumber: phone,
        acceptedTermsAndPrivacy: true,
        notRentalCompany: true,
      },
    });
    ids.set(index, createUserAccount.id);
  });

  const links = await fromOutbox(
    operator,
    drafts.map((draft) => draft.email),
    (entry) => {
      const link = entry.kind === 'email' ? /https?:\/\/\S+\/confirmez-courriel\?\S+/.exec(entry.text)?.[0] : undefined;
      return link ? [entry.to, link] : null;
    },
  );
  await step('e-mails confirmed', 8, async ({ email, connection }) => {
    const link = new URL(links.get(email)!);
    await connection.graphql(DOCUMENTS.confirmEmail, {
      input: { email: link.searchParams.get('email'), token: link.searchParams.get('token') },
    });
  });

  const sessions = new Map<number, { session: Session; deviceToken: string }>();
  await step('logins', 4, async ({ index, email, deviceId, connection }) => {
    const answer = await connection.postJson<{ token: string; refreshToken: string; deviceToken: string }>('/token/login', {
      username: email,
      password: PASSWORD,
      deviceId,
    });
    sessions.set(index, {
      session: { token: answer.token, refreshToken: answer.refreshToken, at: Date.now() },
      deviceToken: answer.deviceToken,
    });
  });

  await step('phone codes sent', 8, async ({ index, connection }) => {
    await connection.graphql(DOCUMENTS.sendPhoneCode, {}, sessions.get(index)!.session.token);
  });
  const codes = await fromOutbox(
    operator,
    drafts.map((draft) => digitsOf(draft.phone)),
    (entry) => {
      const code = entry.kind === 'sms' ? /\b(\d{6})\b/.exec(entry.text)?.[1] : undefined;
      return code ? [digitsOf(entry.to), code] : null;
    },
  );
  await step('phones verified', 8, async ({ index, phone, connection }) => {
    await connection.graphql(
      DOCUMENTS.verifyPhoneCode,
      { input: { code: codes.get(digitsOf(phone)) } },
      sessions.get(index)!.session.token,
    );
  });

  await step('payment onboardings', 4, async ({ index, connection }) => {
    const { startPaymentOnboarding } = await connection.graphql<{ startPaymentOnboarding: { url: string } }>(
      DOCUMENTS.startOnboarding,
      {},
      sessions.get(index)!.session.token,
    );
    await beforeWebhook();
    await connection.postForm('/_dev/payments/onboarding', {
      link: new URL(startPaymentOnboarding.url).searchParams.get('link')!,
      choice: 'complete',
    });
  });

  const ads = new Map<number, { id: string; path: string }>();
  await step('ads published', 8, async ({ index, place, connection }) => {
    const token = sessions.get(index)!.session.token;
    const { createAd } = await connection.graphql<{ createAd: { id: string } }>(
      DOCUMENTS.createAd,
      {
        requestKey: crypto.randomUUID(),
        input: adInput({
          title: { fr: `Cuisine partagée ${index} à ${place.town}`, en: `Shared kitchen ${index} in ${place.town}` },
          address: {
            address: `${100 + index}, rue Principale, ${place.town}`,
            town: place.town,
            postalCode: null,
            latitude: place.latitude,
            longitude: place.longitude,
            showAddress: false,
          },
          availability: { all: true, day: false, evening: false, weekdays: [], restrictions: [] },
          organization: `Cuisine collective ${index}`,
        }),
      },
      token,
    );
    const { publishAd } = await connection.graphql<{ publishAd: { id: string; path: string } }>(
      DOCUMENTS.publishAd,
      { id: createAd.id },
      token,
    );
    ads.set(index, publishAd);
  });

  const conversations = new Map<number, { id: string; firstMessage: string }>();
  await step('questions asked', 8, async ({ index, connection }) => {
    const token = sessions.get(index)!.session.token;
    const { createConversation } = await connection.graphql<{ createConversation: { id: string } }>(
      DOCUMENTS.createConversation,
      {
        input: {
          adId: ads.get((index + 1) % count)!.id,
          message: { clientMessageId: crypto.randomUUID(), body: 'Bonjour, votre cuisine est-elle libre le mois prochain ?' },
        },
      },
      token,
    );
    // The conversation as the app opens it next: its question, whose id the read-back looks for.
    const { conversationMessages } = await connection.graphql<{ conversationMessages: { items: { id: string }[] } }>(
      DOCUMENTS.conversationMessages,
      { conversationId: createConversation.id, limit: 50 },
      token,
    );
    conversations.set(index, { id: createConversation.id, firstMessage: conversationMessages.items[0]!.id });
  });

  // Each owner has proposed a contract before the window, which its tenant may pay in it.
  const waiting = new Map<number, string>();
  await step('contracts proposed', 8, async ({ index, connection }) => {
    const tenant = (index + count - 1) % count;
    const { proposeContract } = await connection.graphql<{ proposeContract: { id: string } }>(
      DOCUMENTS.proposeContract,
      { input: proposal(conversations.get(tenant)!.id, FIRST_PROPOSAL_DAY, 20_000) },
      sessions.get(index)!.session.token,
    );
    waiting.set(tenant, proposeContract.id);
  });
  await operator.close();

  return drafts.map(({ index, email, phone, deviceId, connection }) => ({
    index,
    id: ids.get(index)!,
    email,
    phone,
    deviceId,
    deviceToken: sessions.get(index)!.deviceToken,
    connection,
    session: sessions.get(index)!.session,
    ad: ads.get(index)!,
    tenantConversation: conversations.get(index)!.id,
    question: conversations.get(index)!.firstMessage,
    ownerConversation: conversations.get((index + count - 1) % count)!.id,
    waitingProposal: waiting.get(index)!,
    nextProposalDay: FIRST_PROPOSAL_DAY + 2,
  }));
}

/** The owner's proposal in `conversationId` of a one-day period `day` days from today (in Quebec), as the form sends it. */
export function proposal(conversationId: string, day: number, totalPriceCents: number) {
  return {
    conversationId,
    requestKey: crypto.randomUUID(),
    period: {
      precision: 'DAY',
      start: quebecToday(new Date(Date.now() + day * DAY_MS)),
      end: quebecToday(new Date(Date.now() + (day + 1) * DAY_MS)),
    },
    totalPriceCents,
    terms: '<p>Remise des clés à 8 h, cuisine rendue propre.</p>',
    files: [],
    disclaimerAccepted: true,
  };
}
