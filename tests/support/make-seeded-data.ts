// Makes a seeded data folder (tests/support/seeded-data.ts): the local host starts on it as `npm start`
// does, seeds the demo accounts and ads, and stops, which leaves DynamoDB Local's files complete.
import { resolve } from 'node:path';
import { createLocalServer } from '../../infra/local/server';

const dir = process.argv[2];
if (!dir) throw new Error('usage: make-seeded-data.ts <folder>');

const started = performance.now();
const server = await createLocalServer({ port: 0, dataDir: resolve(dir) });
await server.close();
console.log(`Seeded data made in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
