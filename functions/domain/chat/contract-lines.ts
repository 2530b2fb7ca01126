// A contract's steps appear in the conversation it came from as system lines: a message with no text
// that names the step, posted in the name of who made it, delivered live like any message. Its id
// is derived from the step (and, for a step that comes more than once on a version, such as a second
// partial refund, from how many came), so a retried step never posts it twice.

import type { ContractStepKind } from '@partage/graphql';
import { putMessage } from '../../data/chat';
import { now } from '../clock';
import { publishChatEvent } from './chat-events';
import { messageIdOf } from './ids';
import { messageView } from './messages';

export interface ContractStepLine {
  conversationId: string;
  /** Who made the step, and the other participant. */
  senderId: string;
  recipientId: string;
  contractId: string;
  kind: ContractStepKind;
  version: number;
  /** The how-manieth step of this kind on the contract (1 when absent): a second partial refund has its own line. */
  occurrence?: number;
}

export async function postContractStepLine(line: ContractStepLine): Promise<void> {
  const { conversationId, senderId, recipientId, contractId, kind, version, occurrence = 1 } = line;
  const step = `contract:${contractId}:${kind}:${version}${occurrence > 1 ? `:${occurrence}` : ''}`;
  const id = messageIdOf(conversationId, senderId, step);
  const contractStep = { contractId, kind, version };
  const sent = await putMessage(
    { id, conversationId, senderId, recipientId, body: '', attachments: [], contractStep },
    () => now().toISOString(),
    (createdAt) => ({ senderId, body: '', attachmentCount: 0, createdAt, contractStep: kind }),
  );
  if (!sent) return;
  await publishChatEvent([senderId, recipientId], {
    type: 'MESSAGE_ADDED',
    conversationId,
    message: await messageView(sent),
    participantId: senderId,
    at: sent.createdAt,
  });
}
