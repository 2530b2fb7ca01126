// Paths of the SDL files, for the hosts that load them (the local server and the CDK app).
import { fileURLToPath } from 'node:url';

export const SCHEMA_PATH = fileURLToPath(new URL('../schema.graphql', import.meta.url));
export const APPSYNC_PRELUDE_PATH = fileURLToPath(new URL('../appsync-prelude.graphql', import.meta.url));
