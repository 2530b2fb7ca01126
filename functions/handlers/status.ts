// GET /status, polled by the web app every minute: ready = the table answers and no maintenance.

import { isInMaintenance } from '../data/system-status';
import { httpHandler, json } from './shared/http';

export const handler = httpHandler(async () => {
  const ready = await isInMaintenance().then(
    (maintenance) => !maintenance,
    (error: unknown) => {
      console.error(JSON.stringify({ msg: 'status check failed', error: String(error) }));
      return false;
    },
  );
  return json(200, { ready, version: process.env.APP_VERSION ?? 'dev' });
});
