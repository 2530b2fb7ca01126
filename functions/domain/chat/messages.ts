// Messages (spec §4, §5): posted by a participant, with text and files they uploaded for the chat;
// a retried send (same clientMessageId) answers the first message. Sending marks the conversation
// read for the sender, counts one unread message for the other participant and pushes the message
// to both (the sender's other tabs too). Attachments are read through short-lived signed URLs.

import {
  assertValid,
  CHAT_ATTACHMENT_URL_MINUTES,
  CHAT_MESSAGES_PAGE,
  CHAT_PREVIEW_LENGTH,
  messageBytes,
  required,
  sendMessageChecks,
  type Message,
  type NewMessageInput,
  type RuleResult,
  type SendMessageInput,
} from '@partage/graphql';
import { fileStore } from '../../adapters/file-store';
import { countMetric } from '../../adapters/metrics';
import { getMembership, getSentMessage, messagesPage, putMessage, type AttachmentRecord, type MessageRecord } from '../../data/chat';
import { getFiles } from '../../data/files';
import { now } from '../clock';
import { refuseIfBlocked } from '../moderation/blocks';
import { enforceRateLimit } from '../rate-limits';
import { fileKey } from '../files/file-keys';
import { publishChatEvent } from './chat-events';
import { messageIdOf } from './ids';
import { attachmentDownloadName } from '../files/download-name';
import { pageLimit } from './paging';
import { requireParticipant } from './participants';
import { scheduleReminder } from './reminders';

/** A message as a participant reads it: each attachment with a URL valid CHAT_ATTACHMENT_URL_MINUTES. */
export async function messageView(message: MessageRecord): Promise<Message> {
  const expiresAt = new Date(now().getTime() + CHAT_ATTACHMENT_URL_MINUTES * 60_000);
  const attachments = await Promise.all(
    message.attachments.map(async (attachment) => ({
      fileId: attachment.fileId,
      name: attachment.name,
      contentType: attachment.contentType,
      size: attachment.size,
      width: attachment.width ?? null,
      height: attachment.height ?? null,
      // Images are shown inline; anything else downloads under a name that cannot make it run.
      url: await fileStore().signedUrl(
        fileKey('private', attachment.fileId),
        expiresAt,
        attachment.contentType.startsWith('image/')
          ? {}
          : { downloadName: attachmentDownloadName(attachment.name, attachment.contentType) },
      ),
    })),
  );
  return { ...message, attachments };
}

/** A participant: messages newest first, the token going back in time. */
export async function conversationMessages(
  identity: Parameters<typeof requireParticipant>[0],
  args: { conversationId: string; limit?: number | null; nextToken?: string | null },
) {
  await requireParticipant(identity, args.conversationId);
  const page = await messagesPage(args.conversationId, pageLimit(args.limit, CHAT_MESSAGES_PAGE), args.nextToken);
  return { items: await Promise.all(page.items.map(messageView)), nextToken: page.nextToken };
}

/**
 * The attachments as stored: each a STORED CHAT_ATTACHMENT file of the sender's, named, once per
 * message; their stored sizes within CHAT_MESSAGE_MAX_BYTES in total. Errors name `<at>.attachments…`.
 */
async function checkedAttachments(senderId: string, inputs: NewMessageInput['attachments'], at: string): Promise<AttachmentRecord[]> {
  const attachments = (inputs ?? []).map(({ fileId, name }) => ({ fileId, name: name.trim() }));
  const files = new Map((await getFiles(attachments.map((a) => a.fileId))).map((file) => [file.id, file]));
  const checks = attachments.flatMap(({ fileId, name }, index): [string, RuleResult][] => {
    const file = files.get(fileId);
    const usable =
      file?.status === 'STORED' &&
      file.purpose === 'CHAT_ATTACHMENT' &&
      file.ownerId === senderId &&
      attachments.findIndex((a) => a.fileId === fileId) === index;
    return [
      [`${at}.attachments.${index}.fileId`, usable ? null : 'fileType'],
      [`${at}.attachments.${index}.name`, required(name)],
    ];
  });
  assertValid(checks);
  const stored = attachments.map(({ fileId, name }) => {
    const { contentType, size, width, height } = files.get(fileId)!;
    return { fileId, name, contentType, size, ...(width !== undefined && height !== undefined && { width, height }) };
  });
  assertValid([[`${at}.attachments`, messageBytes(stored.map((a) => a.size))]]);
  return stored;
}

/** The start of a text, by whole characters. */
const previewOf = (body: string) => Array.from(body).slice(0, CHAT_PREVIEW_LENGTH).join('');

/** The rules of a message's fields, named `<at>.…` (`input` of sendMessage, `input.message` of createConversation). */
export function messageRules(message: NewMessageInput | undefined, at: string): [string, RuleResult][] {
  return [
    [`${at}.clientMessageId`, required(message?.clientMessageId)],
    ...sendMessageChecks({ body: message?.body ?? '', attachments: message?.attachments }).map(([path, result]): [string, RuleResult] => [
      `${at}.${path}`,
      result,
    ]),
  ];
}

/** Who posts where: the sender and the other participant of a conversation. */
export interface Posting {
  conversationId: string;
  senderId: string;
  recipientId: string;
}

/**
 * What a message must pass before anything is written, its rules checked already: the sender's rate
 * limits, then its files (stored as they are). Refused, it leaves no trace: createConversation asks
 * this before it makes the conversation, which then never stays empty.
 */
export async function admitMessage({ conversationId, senderId }: Posting, message: NewMessageInput, at: string) {
  await enforceRateLimit('chatMessage', senderId);
  await enforceRateLimit('chatConversationMessage', `${conversationId}#${senderId}`);
  return checkedAttachments(senderId, message.attachments, at);
}

/** Posts an admitted message: sending the same clientMessageId again answers the first message. */
export async function postMessage(
  { conversationId, senderId, recipientId }: Posting,
  message: NewMessageInput,
  attachments: AttachmentRecord[],
): Promise<Message> {
  const id = messageIdOf(conversationId, senderId, message.clientMessageId);
  const body = message.body.trim();
  const sent = await putMessage(
    { id, conversationId, senderId, recipientId, body, attachments },
    () => now().toISOString(),
    (createdAt) => ({ senderId, body: previewOf(body), attachmentCount: attachments.length, createdAt }),
  );
  // Null: this message was sent already (a retry, or the same send made at once); the first is the answer.
  if (!sent) {
    const first = (await getSentMessage(conversationId, id))!;
    // The first call may have died between its write and the reminder's schedule (one per period: asking again is harmless).
    await scheduleReminderOfPeriod(conversationId, recipientId, first.createdAt);
    return messageView(first);
  }
  countMetric('MessageSent');

  const view = await messageView(sent);
  await publishChatEvent([senderId, recipientId], {
    type: 'MESSAGE_ADDED',
    conversationId,
    message: view,
    participantId: senderId,
    at: sent.createdAt,
  });
  await scheduleReminderOfPeriod(conversationId, recipientId, sent.createdAt);
  return view;
}

/** When the message sent at `sentAt` began the recipient's quiet period (still unsent): its reminder, due CHAT_REMINDER_MINUTES later. */
async function scheduleReminderOfPeriod(conversationId: string, recipientId: string, sentAt: string): Promise<void> {
  const recipient = await getMembership(recipientId, conversationId);
  if (recipient?.reminderPendingSince === sentAt && recipient.reminderSentFor !== sentAt) {
    await scheduleReminder(conversationId, recipientId, sentAt);
  }
}

/**
 * A participant posts in `conversationId`, the message's fields named `<at>.…`: the participant check
 * first (before any input is validated), then the rules, the blocks, the limits, the files.
 */
export async function sendInto(
  identity: Parameters<typeof requireParticipant>[0],
  conversationId: string | undefined,
  message: NewMessageInput,
  at: string,
): Promise<Message> {
  const membership = await requireParticipant(identity, conversationId);
  assertValid(messageRules(message, at));
  const posting = { conversationId: membership.conversationId, senderId: membership.userId, recipientId: membership.otherUserId };
  await refuseIfBlocked(posting.recipientId, posting.senderId);
  const attachments = await admitMessage(posting, message, at);
  return postMessage(posting, message, attachments);
}

/** A participant posts; sending the same clientMessageId again answers the first message. */
export const sendMessage = (identity: Parameters<typeof requireParticipant>[0], input: SendMessageInput): Promise<Message> =>
  sendInto(identity, input?.conversationId, input, 'input');
