// GET /status, polled by the web app every minute: ready = the table answers and no maintenance.

import { logger } from '../adapters/log';
import { isInMaintenance } from '../data/system-status';
import { httpHandler, json } from './shared/http';
import { observed } from './shared/observed';

export const handler = observed(
  'status',
  httpHandler(async () => {
    const ready = await isInMaintenance().then(
      (maintenance) => !maintenance,
      (error: unknown) => {
        logger().error('status check failed', { error });
        return false;
      },
    );
    return json(200, { ready, version: process.env.APP_VERSION ?? 'dev' });
  }),
);
