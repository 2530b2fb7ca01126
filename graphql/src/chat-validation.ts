// The rules of a chat message, shared by the composer and the server. Lengths and characters of the
// body and of attachment names come from INPUT_MAX_LENGTHS like every text; the server alone knows
// the files' real sizes and contents (functions/domain/chat).

import { CHAT_MAX_ATTACHMENTS, CHAT_MESSAGE_MAX_BYTES } from './constants';
import type { SendMessageInput } from './generated/types';
import type { RuleResult } from './validation';

/** Paths are relative to the SendMessageInput (`body`); the server prefixes them with `input.`. */
export function sendMessageChecks(input: Pick<SendMessageInput, 'body' | 'attachments'>): Array<[string, RuleResult]> {
  const attachments = input.attachments ?? [];
  return [
    ['body', input.body.trim() === '' && attachments.length === 0 ? 'required' : null],
    ['attachments', attachments.length > CHAT_MAX_ATTACHMENTS ? 'tooMany' : null],
  ];
}

/**
 * Which of the chosen files fit in one message: in order, while their total stays within
 * CHAT_MESSAGE_MAX_BYTES and their count within CHAT_MAX_ATTACHMENTS; the others are left out (spec §5).
 */
export function filesFittingOneMessage<T extends { size: number }>(files: readonly T[]): { kept: T[]; leftOut: T[] } {
  const kept: T[] = [];
  const leftOut: T[] = [];
  let total = 0;
  for (const file of files) {
    if (kept.length < CHAT_MAX_ATTACHMENTS && total + file.size <= CHAT_MESSAGE_MAX_BYTES) {
      kept.push(file);
      total += file.size;
    } else leftOut.push(file);
  }
  return { kept, leftOut };
}

/** The server's rule on the stored sizes of a message's attachments. */
export const messageBytes = (sizes: readonly number[]): RuleResult =>
  sizes.reduce((total, size) => total + size, 0) <= CHAT_MESSAGE_MAX_BYTES ? null : 'messageTooLarge';
