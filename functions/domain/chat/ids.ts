// Ids derived from what they stand for, so that concurrent or repeated calls land on one item:
// one conversation per (ad, asking user), one message per (conversation, sender, page's message id),
// one reminder schedule per (conversation, recipient, quiet period).

import { createHash } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

export const conversationIdOf = (adId: string, askerId: string): string => digest(`${adId}:${askerId}`).slice(0, 22);

export const messageIdOf = (conversationId: string, senderId: string, clientMessageId: string): string =>
  digest(`${conversationId}:${senderId}:${clientMessageId}`).slice(0, 22);

/** `[0-9A-Za-z_.-]{1,64}` as the scheduler wants: 14 + 43 characters. */
export const reminderScheduleName = (conversationId: string, userId: string, period: string): string =>
  `chat-reminder-${digest(`${conversationId}:${userId}:${period}`)}`;
