// `npm install`'s last step (the root package's postinstall): today's seeded data made ahead
// (seeded-data.ts), so that the first `npm start` copies it in a second instead of seeding ~14,000
// items (~15 s of its start). Nothing to do once the data folder holds data. A failure (no Java yet, say)
// leaves the install alone: `npm start` then seeds as it always could.

import { dataDirFromEnv, holdsData } from './data-folder';
import { ensureSeededData } from './seeded-data';

if (!(await holdsData(dataDirFromEnv()))) {
  console.log('Preparing the demo data for `npm start` (DynamoDB Local, about half a minute)…');
  try {
    await ensureSeededData();
  } catch (error) {
    console.warn('The demo data could not be prepared now; `npm start` will seed it.', error);
  }
}
