// `npm run reindex:search`: the ad search's one-off re-index (functions/domain/search/reindex.ts,
// docs/search.md) of a table written before the compact points. Without REINDEX_TABLE: the local
// data folder (DATA_DIR, default .data; stop `npm start` first), its maintenance switch turned on
// for the run. With REINDEX_TABLE=<table>: that table on AWS (AWS_REGION and the operator's
// credentials), whose maintenance switch the operator turns on before and off after.

import { runOneOff } from './one-off';

const progress = (text: string) => process.stdout.write(`\r${text}…`);
const report = ({ ads, deleted, written }: { ads: number; deleted: number; written: number }) =>
  console.log(`\rRe-indexed ${ads} ads: ${deleted} index items deleted, ${written} written.`);

if (process.env.REINDEX_TABLE) {
  process.env.TABLE_NAME = process.env.REINDEX_TABLE;
  const { reindexSearch } = await import('@partage/functions/domain/search/reindex');
  report(await reindexSearch(progress));
} else {
  await runOneOff('reindex', async () => {
    // Imported once the functions' environment is set.
    const { reindexSearch } = await import('@partage/functions/domain/search/reindex');
    const { setMaintenance } = await import('@partage/functions/data/system-status');
    await setMaintenance(true);
    try {
      report(await reindexSearch(progress));
    } finally {
      await setMaintenance(false);
    }
  });
}
