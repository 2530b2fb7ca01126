// Scheduled housekeeping jobs (functions/handlers/schedules.ts).

import { purgeAbandonedUploads } from '../domain/files/uploads';
import { scheduledJobHandler } from './shared/scheduled-job';

export const handler = scheduledJobHandler({
  'purge-abandoned-uploads': () => purgeAbandonedUploads(),
});
