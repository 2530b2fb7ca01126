// Scheduled housekeeping jobs (functions/handlers/schedules.ts).

import { CONTACT_REVIEW_JOB, reviewHeldContactMessages } from '../domain/contact/contact-review';
import { purgeAbandonedUploads } from '../domain/files/uploads';
import { scheduledJobHandler } from './shared/scheduled-job';
import { observed } from './shared/observed';

export const handler = observed(
  'housekeeping',
  scheduledJobHandler({
    'purge-abandoned-uploads': () => purgeAbandonedUploads(),
    [CONTACT_REVIEW_JOB]: () => reviewHeldContactMessages(),
  }),
);
