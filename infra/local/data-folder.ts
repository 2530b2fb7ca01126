// Where the local host keeps its state and which address it names, shared by `npm start` (main.ts), the
// one-off commands (one-off.ts) and the demo data made ahead by `npm install` (prepare-demo-data.ts).

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm start`'s port unless PORT says otherwise. */
export const DEFAULT_PORT = 3000;
/** DynamoDB Local's data file (-sharedDb) in the data folder's dynamodb/. */
export const DYNAMODB_FILE = 'shared-local-instance.db';

/** DATA_DIR, default .data; a relative path is taken from the repository root. */
export const dataDirFromEnv = (): string => resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data');

/** PORT, default DEFAULT_PORT. */
export const portFromEnv = (): number => Number(process.env.PORT ?? DEFAULT_PORT);

/** The address the host answers on, and that e-mails name (PUBLIC_URL). */
export const localUrl = (port: number): string => `http://localhost:${port}`;
