// `npm run reindex:users`: writes every account's word items (the administrators' user search) from
// the user items, once, against the local data folder (DATA_DIR, default .data), and removes the
// per-field search entries of the older version. Idempotent. Stop `npm start` first: DynamoDB Local
// keeps its data folder to one process. On AWS, run the same `reindexAllUserWords` with the stack's
// TABLE_NAME in the environment.

import { runOneOff } from './one-off';

await runOneOff('reindex-users', async () => {
  // Imported once the functions' environment is set.
  const { reindexAllUserWords } = await import('@partage/functions/data/user-directory');
  console.log(`User search: ${await reindexAllUserWords()} account(s) indexed.`);
});
