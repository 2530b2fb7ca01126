// Where the local host keeps its state and which address it names, shared by `npm start` (main.ts), the
// one-off commands (one-off.ts) and the demo data made ahead by `npm install` (prepare-demo-data.ts).

import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** `npm start`'s port unless PORT says otherwise. */
export const DEFAULT_PORT = 3000;
/** DynamoDB Local's data file (-sharedDb) in the data folder's dynamodb/. */
export const DYNAMODB_FILE = 'shared-local-instance.db';

/** Whether the data folder holds data (DynamoDB Local's file): a start after the first, which seeds nothing. */
export const holdsData = (dataDir: string): Promise<boolean> =>
  stat(join(dataDir, 'dynamodb', DYNAMODB_FILE)).then(
    () => true,
    () => false,
  );

/**
 * Puts a complete DynamoDB Local file (`from`) into the data folder, whole: copied beside, then renamed. A start
 * stopped before the rename finds no data and seeds as a first start.
 */
export async function placeDatabase(from: string, dataDir: string): Promise<void> {
  const dbDir = join(dataDir, 'dynamodb');
  await mkdir(dbDir, { recursive: true });
  const partial = join(dbDir, `${DYNAMODB_FILE}.partial`);
  await copyFile(from, partial);
  await rename(partial, join(dbDir, DYNAMODB_FILE));
}

/** DATA_DIR, default .data; a relative path is taken from the repository root. */
export const dataDirFromEnv = (): string => resolve(REPO_ROOT, process.env.DATA_DIR ?? '.data');

/** PORT, default DEFAULT_PORT. */
export const portFromEnv = (): number => Number(process.env.PORT ?? DEFAULT_PORT);

/** The address the host answers on, and that e-mails name (PUBLIC_URL). */
export const localUrl = (port: number): string => `http://localhost:${port}`;
