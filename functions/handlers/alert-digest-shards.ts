// One shard of the weekly digest (a one-time job scheduled by alert-digest): e-mails the shard's
// alerts their new ads. A failed e-mail fails the job, and the scheduler's retry sends only what did not go.

import { DIGEST_SHARD_JOB, digestShardRunOf, runDigestShard } from '../domain/alerts/digest';
import { scheduledJobHandler } from './shared/scheduled-job';
import { observed } from './shared/observed';

export const handler = observed(
  'alert-digest-shards',
  scheduledJobHandler({
    [DIGEST_SHARD_JOB]: (event) => runDigestShard(digestShardRunOf(event.payload)),
  }),
);
