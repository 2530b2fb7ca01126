// The Amplify GraphQL client, in its own chunk: pages that never call GraphQL never download it.
import { Amplify } from 'aws-amplify';
import { generateClient } from 'aws-amplify/api';
import { runtimeConfig } from '../config';
import { mapRealtimeSchemeToWs } from '../local-realtime';

const config = runtimeConfig();
if (config.mode === 'local') mapRealtimeSchemeToWs(config.graphqlEndpoint);

Amplify.configure({
  API: { GraphQL: { endpoint: config.graphqlEndpoint, region: config.region, defaultAuthMode: 'lambda' } },
});

export const client = generateClient();
