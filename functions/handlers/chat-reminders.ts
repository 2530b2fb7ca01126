// The chat's one-time job (functions/handlers/schedules.ts): the e-mail reminder of a quiet period.
// A Lambda of its own: the chat Lambda schedules it, and a Lambda that scheduled a job it runs itself
// would name its own ARN in its environment (docs/contracts.md, "Scheduler").

import { CHAT_REMINDER_JOB, sendChatReminder } from '../domain/chat/reminders';
import { scheduledJobHandler } from './shared/scheduled-job';
import { observed } from './shared/observed';

export const handler = observed(
  'chat-reminders',
  scheduledJobHandler({
    [CHAT_REMINDER_JOB]: (event) => sendChatReminder(event.payload),
  }),
);
