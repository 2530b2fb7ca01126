// The publish port: pushes a server event (functions/domain/events.ts) to the subscriptions that
// listen to it. Chosen once from PUBLISH_ADAPTER: `appsync` calls the event's IAM-only mutation on
// GRAPHQL_URL, signed with the Lambda's role; `local` hands it to the local real-time server (the
// local host registers it: local-adapters.ts).

import { chosenOnce } from './chosen-once';
import type { ServerEvent } from '../domain/events';
import { appSyncPublisher } from './appsync-publisher';
import { requireEnv } from './env';
import { localAdapters } from './local-adapters';

export interface Publisher {
  publish(event: ServerEvent): Promise<void>;
}

export const publisher: () => Publisher = chosenOnce(() => choosePublisher(requireEnv('PUBLISH_ADAPTER')));

function choosePublisher(adapter: string): Publisher {
  if (adapter === 'appsync') return appSyncPublisher({ graphqlUrl: requireEnv('GRAPHQL_URL'), region: requireEnv('AWS_REGION') });
  if (adapter === 'local') return localAdapters('PUBLISH_ADAPTER=local').publisher();
  throw new Error(`Unknown PUBLISH_ADAPTER "${adapter}" (expected appsync or local)`);
}
