// The ratings' one-time jobs (functions/handlers/schedules.ts): the publication of a lone rating at
// the deadline, and the e-mails reminding a party to rate. A Lambda of its own: the ratings Lambda schedules it, and a Lambda that scheduled a job
// it runs itself would name its own ARN in its environment (docs/contracts.md, "Scheduler").

import { RATING_PUBLISH_JOB } from '../domain/ratings/ratings';
import { RATING_REMINDER_JOB, sendRatingReminders } from '../domain/ratings/rating-reminders';
import { runRatingPublication } from '../domain/ratings/rating-publication';
import { scheduledJobHandler } from './shared/scheduled-job';
import { observed } from './shared/observed';

export const handler = observed(
  'rating-jobs',
  scheduledJobHandler({
    [RATING_PUBLISH_JOB]: (event) => runRatingPublication(event.payload, event.scheduledAt),
    [RATING_REMINDER_JOB]: (event) => sendRatingReminders(event.payload),
  }),
);
