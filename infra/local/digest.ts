// `npm run digest`: the weekly alert digest once, now, against the local data folder (DATA_DIR,
// default .data), every shard in this process; the e-mails land in the dev mailbox. Stop `npm start`
// first: DynamoDB Local keeps its data folder to one process. (With the host running, /_dev/schedules
// runs the `alert-digest` job instead: its shard jobs follow a minute later.)

import { runOneOff } from './one-off';

await runOneOff('digest', async (publicUrl) => {
  // Imported once the functions' environment is set.
  const { runDigestNow } = await import('@partage/functions/domain/alerts/digest');
  const { now } = await import('@partage/functions/domain/clock');
  const { sent } = await runDigestNow(now().toISOString());
  console.log(`Weekly digest: ${sent} e-mail(s) sent (see ${publicUrl}/_dev/outbox once the host runs).`);
});
