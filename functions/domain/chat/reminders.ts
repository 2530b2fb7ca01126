// E-mail reminders (spec §4): a message left unread CHAT_REMINDER_MINUTES earns its recipient one
// e-mail per quiet period (from the first unread message until they read the conversation). The
// period's start is on the recipient's membership; the one-time job `chat-reminder` checks, when it
// comes due, that the period is still the pending one and that reminders are on, then claims the
// period by a conditional update before sending, so a repeated run sends nothing more; a send that
// fails gives the claim back and fails the run, which its invoker retries.

import { CHAT_REMINDER_MINUTES } from '@partage/graphql';
import { mailer } from '../../adapters/mailer';
import { scheduler } from '../../adapters/scheduler';
import { claimReminder, getChatPreferences, getConversation, getMembership, releaseReminder } from '../../data/chat';
import { getUsers } from '../../data/user-directory';
import { renderEmail } from '../emails';
import { appLink } from '../links';
import { reminderScheduleName } from './ids';

export const CHAT_REMINDER_JOB = 'chat-reminder';

export interface ChatReminderPayload {
  conversationId: string;
  userId: string;
  /** The quiet period's start (reminderPendingSince). */
  period: string;
}

export async function scheduleReminder(conversationId: string, userId: string, period: string): Promise<void> {
  await scheduler().scheduleOnce({
    name: reminderScheduleName(conversationId, userId, period),
    job: CHAT_REMINDER_JOB,
    at: new Date(new Date(period).getTime() + CHAT_REMINDER_MINUTES * 60_000),
    payload: { conversationId, userId, period } satisfies ChatReminderPayload,
  });
}

function payloadOf(payload: Record<string, unknown>): ChatReminderPayload {
  const { conversationId, userId, period } = payload;
  if (typeof conversationId !== 'string' || typeof userId !== 'string' || typeof period !== 'string') {
    throw new Error(`Malformed ${CHAT_REMINDER_JOB} payload`);
  }
  return { conversationId, userId, period };
}

/** The job: e-mails the recipient once for the period, if it is still unread and they want reminders. */
export async function sendChatReminder(payload: Record<string, unknown>): Promise<{ sent: boolean }> {
  const { conversationId, userId, period } = payloadOf(payload);
  const membership = await getMembership(userId, conversationId);
  if (membership?.reminderPendingSince !== period || membership.unreadCount === 0) return { sent: false };
  if (!(await getChatPreferences(userId)).emailReminders) return { sent: false };
  const conversation = await getConversation(conversationId);
  if (!conversation) return { sent: false };
  const otherId = userId === conversation.ownerId ? conversation.askerId : conversation.ownerId;
  const users = new Map((await getUsers([userId, otherId])).map((user) => [user.id, user]));
  const recipient = users.get(userId);
  if (!recipient) return { sent: false };
  if (!(await claimReminder(userId, conversationId, period))) return { sent: false };
  const link = appLink(`/conversations/${conversationId}`);
  const name = users.get(otherId)?.publicName ?? '';
  try {
    await mailer().send({ to: recipient.email, ...renderEmail('chatReminder', recipient.language, { name, link }) });
  } catch (error) {
    await releaseReminder(userId, conversationId, period);
    throw error;
  }
  return { sent: true };
}
