// Faults (docs/testing.md "Faults"): a Lambda killed between two writes of a multi-write flow, on
// DynamoDB Local. The first write is made, then the call dies (an untyped error thrown where the next
// step begins, as a timeout or a crash ends the invocation); the client sends the same request again,
// as it does after an unanswered call. The result is whole and nothing is doubled.
// Elsewhere: a proposal that died before its line and e-mail (contracts.db.test.ts), a payout that died
// between the transfer and its record (contract-payouts.db.test.ts, dyingAfterTransfer), a digest run
// that died halfway (alert-digest.db.test.ts).

import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_TEXT } from '@partage/graphql';
import { EMAIL_TEXTS } from '@partage/graphql/emails';
import * as metricsPort from '../adapters/metrics';
import * as chatData from '../data/chat';
import { getMembership, messagesPage } from '../data/chat';
import { listOneTimeSchedules } from '../data/scheduled-jobs';
import { listTermsAcceptances } from '../data/terms';
import { findUserByEmail, type UserRecord } from '../data/users';
import * as chatEvents from '../domain/chat/chat-events';
import { conversationIdOf } from '../domain/chat/ids';
import {
  asUser,
  firstMessage,
  givenAd,
  givenConversation,
  givenUser,
  resolverCaller,
  signUpInput,
  tokenLogin,
  useTestOutbox,
} from '../testing/fixtures';
import { captureLogLines } from '../testing/log-lines';
import { handler as accounts } from './accounts';
import { handler as chat } from './chat';

const outbox = useTestOutbox();
// The killed invocations' error lines stay off the terminal.
beforeEach(() => void captureLogLines());
afterEach(() => vi.restoreAllMocks());

const killed = () => new Error('Lambda killed');
const callAccounts = resolverCaller(accounts);
const callChat = resolverCaller(chat);
const login = tokenLogin('faults-killed');

/** The pending chat-reminder schedules of a recipient in a conversation. */
const remindersOf = async (conversationId: string, userId: string) =>
  (await listOneTimeSchedules()).filter(
    (schedule) =>
      schedule.job === 'chat-reminder' && schedule.payload.conversationId === conversationId && schedule.payload.userId === userId,
  );

describe('a Lambda killed between two writes, then the same request sent again', () => {
  it('sign-up, killed after the account was written and before its confirmation: one account, and the person gets in', async () => {
    const input = signUpInput();
    // The account, its address and its terms acceptance are one transaction; the call dies right after it.
    vi.spyOn(metricsPort, 'countMetric').mockImplementationOnce(() => {
      throw killed();
    });
    await expect(callAccounts('Mutation.createUserAccount', { input })).rejects.toThrow('Lambda killed');
    const user = (await findUserByEmail(input.email))!;
    expect(await outbox.emailsTo(user.email)).toEqual([]);

    // Sent again: answered as any sign-up is (it must not tell that the address has an account) ...
    expect(await callAccounts('Mutation.createUserAccount', { input })).toEqual({ id: expect.any(String) });
    expect((await findUserByEmail(input.email))!.id).toBe(user.id);
    expect(await listTermsAcceptances(user.id)).toHaveLength(1);
    // ... and the address's owner is told to sign in, which sends the confirmation that never went.
    expect((await outbox.emailsTo(user.email)).map((mail) => mail.subject)).toEqual([EMAIL_TEXTS.fr.signUpAttempt.subject]);
    const refused = await login(input.email, input.password);
    expect([refused.statusCode, refused.body]).toEqual([403, LOGIN_TEXT.emailNotConfirmed]);
    const link = await outbox.lastLinkEmail(user.email);
    expect(await callAccounts('Mutation.confirmEmail', { input: { email: link.email, token: link.token } })).not.toHaveProperty('__error');
    expect((await login(input.email, input.password)).statusCode).toBe(200);
  });

  it('a first message, killed after the conversation was written and before the message: one conversation with the message', async () => {
    const [asker, owner] = await Promise.all([givenUser(), givenUser()]);
    const ad = await givenAd(owner, {}, { published: true });
    const input = { adId: ad.id, message: firstMessage() };
    vi.spyOn(chatData, 'putMessage').mockRejectedValueOnce(killed());
    await expect(callChat('Mutation.createConversation', { input }, asUser(asker))).rejects.toThrow('Lambda killed');
    const id = conversationIdOf(ad.id, asker.id);
    expect((await messagesPage(id, 10)).items).toEqual([]);

    expect(await callChat('Mutation.createConversation', { input }, asUser(asker))).toMatchObject({ id });
    // A third time (the page retried once more): still one message.
    expect(await callChat('Mutation.createConversation', { input }, asUser(asker))).toMatchObject({ id });
    expect((await messagesPage(id, 10)).items.map((message) => message.body)).toEqual([input.message.body]);
    expect((await getMembership(owner.id, id))?.unreadCount).toBe(1);
    expect(await remindersOf(id, owner.id)).toHaveLength(1);
  });

  it('a message, killed after it was written and before its live event and reminder: one message, and its reminder scheduled', async () => {
    const asker = await givenUser();
    const owner: UserRecord = await givenUser();
    const conversation = await givenConversation(asker, owner);
    const input = { conversationId: conversation.id, clientMessageId: randomUUID(), body: 'Oui, la cuisine est libre samedi.' };
    vi.spyOn(chatEvents, 'publishChatEvent').mockRejectedValueOnce(killed());
    await expect(callChat('Mutation.sendMessage', { input }, asUser(owner))).rejects.toThrow('Lambda killed');
    expect(await remindersOf(conversation.id, asker.id)).toEqual([]);

    const answer = (await callChat('Mutation.sendMessage', { input }, asUser(owner))) as { id: string; body: string };
    expect(answer.body).toBe(input.body);
    expect(await callChat('Mutation.sendMessage', { input }, asUser(owner))).toMatchObject({ id: answer.id });
    expect((await messagesPage(conversation.id, 10)).items.filter((message) => message.senderId === owner.id)).toHaveLength(1);
    expect((await getMembership(asker.id, conversation.id))?.unreadCount).toBe(1);
    // The recipient's reminder, which the killed call never scheduled, is scheduled once.
    expect(await remindersOf(conversation.id, asker.id)).toHaveLength(1);
  });
});
