// The chat's own limits (issue 22, finding 3): one account sent 300 long messages into one conversation
// in 27 seconds and opened conversations with 45 owners in a row. A burst goes through, a flood is
// answered RATE_LIMITED with the wait, and one participant's flood never silences the other.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../data/users';
import { manualClock, useClock } from '../domain/clock';
import { RATE_LIMITS } from '../domain/rate-limits';
import {
  firstMessage,
  asUser,
  errorCodeOf,
  givenAd,
  givenConversation,
  givenUser,
  useTestOutbox,
  useUpRateLimit,
  resolverEvent,
} from '../testing/fixtures';
import { handler } from './chat';

useTestOutbox();
let owner: UserRecord;

beforeAll(async () => {
  owner = await givenUser();
});

const send = (user: UserRecord, conversationId: string, body = 'Bonjour') =>
  handler(resolverEvent('Mutation.sendMessage', { input: { conversationId, clientMessageId: randomUUID(), body } }, asUser(user)));
const ask = (user: UserRecord, adId: string) =>
  handler(resolverEvent('Mutation.createConversation', { input: { adId, message: firstMessage() } }, asUser(user)));
const waitOf = (result: unknown) => (result as { __error?: { retryAfterSeconds?: number } }).__error?.retryAfterSeconds;

describe('messages', () => {
  it('lets a burst into a conversation, then answers RATE_LIMITED with the wait; the other side still writes', async () => {
    const flooder = await givenUser();
    // The clock stands still, from the conversations' first messages on: a slow machine must not refill the bucket meanwhile.
    const restore = useClock(manualClock());
    try {
      const [conversation, elsewhere] = [await givenConversation(flooder, owner), await givenConversation(flooder)];
      // The conversation's first message took one of the burst.
      for (let i = 1; i < RATE_LIMITS.chatConversationMessage.capacity; i++) {
        expect(errorCodeOf(await send(flooder, conversation.id, `Message ${i}`))).toBeUndefined();
      }
      const refused = await send(flooder, conversation.id);
      expect(errorCodeOf(refused)).toBe('RATE_LIMITED');
      expect(waitOf(refused)).toBeGreaterThan(0);
      // The flood is the flooder's: the owner answers, and the flooder may still write elsewhere.
      expect(errorCodeOf(await send(owner, conversation.id, 'Arrêtez, s’il vous plaît'))).toBeUndefined();
      expect(errorCodeOf(await send(flooder, elsewhere.id))).toBeUndefined();
    } finally {
      restore();
    }
  });

  it('bounds an account’s messages across conversations, and lets it write again after the wait', async () => {
    const flooder = await givenUser();
    // The clock stands still while the bucket is used up, first messages included: it refills in seconds.
    const clock = manualClock();
    const restore = useClock(clock);
    try {
      const [first, second] = [await givenConversation(flooder), await givenConversation(flooder)];
      // One token left, the two conversations' first messages included.
      await useUpRateLimit('chatMessage', flooder.id, 1);
      expect(errorCodeOf(await send(flooder, first.id))).toBeUndefined();
      const refused = await send(flooder, second.id);
      expect(errorCodeOf(refused)).toBe('RATE_LIMITED');
      clock.advance(waitOf(refused)! * 1000);
      expect(errorCodeOf(await send(flooder, second.id))).toBeUndefined();
    } finally {
      restore();
    }
  });
});

describe('new conversations', () => {
  it('bounds the conversations an account opens in a day; asking again about an ad still answers its conversation', async () => {
    const asker = await givenUser();
    const known = await givenConversation(asker);
    await useUpRateLimit('chatNewConversation', asker.id, 0);
    const refused = await ask(asker, (await givenAd(owner, {}, { published: true })).id);
    expect(errorCodeOf(refused)).toBe('RATE_LIMITED');
    expect(waitOf(refused)).toBeGreaterThan(0);
    expect(await ask(asker, known.adId)).toMatchObject({ id: known.id });
  });
});
