// Chat events go to each recipient participant separately: a subscription's filter lets through
// only the events whose `userId` is its subscriber (handlers/chat.ts, Subscription.onChatEvent).

import type { ChatEvent } from '@partage/graphql';
import { publisher } from '../../adapters/publisher';

export async function publishChatEvent(recipients: string[], event: Omit<ChatEvent, 'userId'>): Promise<void> {
  await Promise.all(recipients.map((userId) => publisher().publish({ name: 'chatEvent', data: { ...event, userId } })));
}
