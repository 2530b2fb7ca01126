// Makes a seeded data folder (infra/local/seeded-data.ts): the local host starts on it as `npm start`
// does, seeds the demo accounts and ads, and stops, which leaves DynamoDB Local's files complete.
import { resolve } from 'node:path';
import { DEFAULT_PORT, localUrl } from './data-folder';
import { createLocalServer } from './server';

const dir = process.argv[2];
if (!dir) throw new Error('usage: make-seeded-data.ts <folder>');

const started = performance.now();
// Its e-mails' links name `npm start`'s address: a first `npm start` may begin from this data (seeded-data.ts).
const server = await createLocalServer({ port: 0, dataDir: resolve(dir), publicUrl: localUrl(DEFAULT_PORT) });
await server.close();
console.log(`Seeded data made in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
