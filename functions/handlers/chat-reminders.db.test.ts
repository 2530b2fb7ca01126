// The chat's e-mail reminder on DynamoDB Local, on a clock the test moves: a message that starts a
// quiet period schedules the one-time job `chat-reminder` CHAT_REMINDER_MINUTES later; when due, it
// e-mails the recipient once, in their language, unless they read the conversation meanwhile or turned
// reminders off. Due schedules are taken and run as the local host's scheduler does.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_REMINDER_MINUTES } from '@partage/graphql';
import { listOneTimeSchedules, takeOneTimeSchedule } from '../data/scheduled-jobs';
import type { UserRecord } from '../data/users';
import { manualClock, now, useClock } from '../domain/clock';
import { asUser, givenConversation, givenUser, resolverEvent, TEST_PUBLIC_URL, useTestOutbox } from '../testing/fixtures';
import { handler as chat } from './chat';
import { handler as reminders } from './chat-reminders';
import { ONE_TIME_JOBS } from './schedules';

const { emailsTo } = useTestOutbox();
const clock = manualClock('2026-06-01T14:00:00Z');
let restoreClock: () => void;
let owner: UserRecord;
let asker: UserRecord;

beforeAll(async () => {
  restoreClock = useClock(clock);
  [owner, asker] = await Promise.all([
    givenUser({ language: 'en', publicName: 'Cuisine partagée Hochelaga' }),
    givenUser({ language: 'fr', publicName: 'Traiteur du Plateau' }),
  ]);
});
afterAll(() => restoreClock());

const MINUTE = 60_000;
const send = (from: UserRecord, conversationId: string, body = 'Bonjour') =>
  chat(resolverEvent('Mutation.sendMessage', { input: { conversationId, clientMessageId: randomUUID(), body } }, asUser(from)));
const open = (user: UserRecord, conversationId: string) =>
  chat(resolverEvent('Mutation.removeConversationNotification', { input: { conversationId } }, asUser(user)));

/** The pending reminder schedules of a conversation's recipient. */
const remindersPending = async (conversationId: string, userId: string) =>
  (await listOneTimeSchedules()).filter(
    (schedule) =>
      schedule.job === 'chat-reminder' && schedule.payload.conversationId === conversationId && schedule.payload.userId === userId,
  );

/** As the local scheduler does: each due schedule taken once, then run by its job's handler. */
async function runDueReminders(): Promise<unknown[]> {
  const due = (await listOneTimeSchedules()).filter((schedule) => schedule.job === 'chat-reminder' && schedule.at <= now().toISOString());
  const results: unknown[] = [];
  for (const schedule of due) {
    if (await takeOneTimeSchedule(schedule.name)) {
      results.push(await reminders({ job: schedule.job, scheduledAt: schedule.at, payload: schedule.payload }));
    }
  }
  return results;
}

describe('chat reminder', () => {
  it('is run by its own Lambda, not the chat one that schedules it', () => {
    expect(ONE_TIME_JOBS).toContainEqual(expect.objectContaining({ job: 'chat-reminder', handler: 'chat-reminders' }));
  });

  it('e-mails the recipient once per quiet period, in their language, with a link to the conversation', async () => {
    // Given a conversation where the asker writes twice to the owner, a minute apart
    const conversation = await givenConversation(asker, owner);
    await send(asker, conversation.id, 'Bonjour');
    const periodStart = now().toISOString();
    clock.advance(MINUTE);
    await send(asker, conversation.id, 'Êtes-vous là ?');
    // Then one reminder is scheduled, CHAT_REMINDER_MINUTES after the first unread message
    const pending = await remindersPending(conversation.id, owner.id);
    expect(pending).toHaveLength(1);
    expect(pending[0]!.at).toBe(new Date(new Date(periodStart).getTime() + CHAT_REMINDER_MINUTES * MINUTE).toISOString());
    expect(await remindersPending(conversation.id, asker.id)).toEqual([]);

    // When it is not due yet, nothing is sent
    expect(await runDueReminders()).toEqual([]);
    // When the time comes
    clock.set(pending[0]!.at);
    expect(await runDueReminders()).toEqual([{ sent: true }]);
    // Then the owner has one e-mail in English, naming the asker, with the conversation's link
    const [mail, ...others] = await emailsTo(owner.email);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('New message on Partage');
    expect(mail!.text).toContain('Traiteur du Plateau');
    expect(mail!.links).toEqual([`${TEST_PUBLIC_URL}/conversations/${conversation.id}?lang=en`, `${TEST_PUBLIC_URL}/?lang=en`]);

    // When the same job runs again (a retry), nothing more is sent
    expect(await reminders({ job: 'chat-reminder', scheduledAt: pending[0]!.at, payload: pending[0]!.payload })).toEqual({ sent: false });
    // And another message in the same period schedules nothing new
    await send(asker, conversation.id, 'Encore moi');
    expect(await remindersPending(conversation.id, owner.id)).toEqual([]);
    expect(await emailsTo(owner.email)).toHaveLength(1);
  });

  it('starts a new period after the conversation is read, and sends nothing if it is read before the reminder is due', async () => {
    // The `owner` user asks about an ad of the `asker` user's, who is the recipient here
    const conversation = await givenConversation(owner, asker);
    await send(owner, conversation.id, 'Bonjour');
    const [first] = await remindersPending(conversation.id, asker.id);
    expect(first).toBeDefined();
    // The asker reads it in time
    clock.advance(5 * MINUTE);
    await open(asker, conversation.id);
    clock.advance(CHAT_REMINDER_MINUTES * MINUTE);
    expect(await runDueReminders()).toEqual([{ sent: false }]);
    expect(await emailsTo(asker.email)).toEqual([]);

    // A new message after reading starts a new period, reminded in French
    await send(owner, conversation.id, 'Une autre question');
    const [second] = await remindersPending(conversation.id, asker.id);
    expect(second!.name).not.toBe(first!.name);
    clock.set(second!.at);
    expect(await runDueReminders()).toEqual([{ sent: true }]);
    const [mail] = await emailsTo(asker.email);
    expect(mail!.subject).toBe('Nouveau message sur Partage');
    expect(mail!.links).toEqual([`${TEST_PUBLIC_URL}/conversations/${conversation.id}?lang=fr`, `${TEST_PUBLIC_URL}/?lang=fr`]);
  });

  it('sends nothing to a user who turned reminders off', async () => {
    const quiet = await givenUser();
    await chat(resolverEvent('Mutation.updateChatPreferences', { input: { emailReminders: false } }, asUser(quiet)));
    const conversation = await givenConversation(asker, quiet);
    await send(asker, conversation.id, 'Bonjour');
    clock.advance(CHAT_REMINDER_MINUTES * MINUTE);
    expect(await runDueReminders()).toEqual([{ sent: false }]);
    expect(await emailsTo(quiet.email)).toEqual([]);
  });

  it('refuses a malformed payload (the run fails and shows in the errors)', async () => {
    await expect(reminders({ job: 'chat-reminder', scheduledAt: now().toISOString(), payload: {} })).rejects.toThrow('Malformed');
  });
});
