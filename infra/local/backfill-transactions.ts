// `npm run backfill:transactions`: sets every user's transaction count (their public profile's) from
// their contracts paid out, against the local data folder (docs/ratings.md). Idempotent: run it again
// and nothing changes. Stop `npm start` first.

import { runOneOff } from './one-off';

await runOneOff('backfill-transactions', async () => {
  // Imported once the functions' environment is set.
  const { backfillTransactionCounts } = await import('@partage/functions/domain/ratings/transactions-backfill');
  const { users, changed } = await backfillTransactionCounts();
  console.log(`Transaction counts: ${users} user(s) read, ${changed} count(s) corrected.`);
});
