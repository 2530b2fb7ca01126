import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  // Every test talks to the fake API instead of the HTTP and Amplify clients (src/test/fake-api.ts checks
  // each operation against the schema); the rest of the request path is the app's own.
  resolve: {
    alias: [{ find: /^\.\/(amplify|http)-client$/, replacement: fileURLToPath(new URL('src/test/fake-api.ts', import.meta.url)) }],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Each file in a fresh VM context of a reused thread: isolated as before (the app keeps module state),
    // without starting a thread and loading jsdom per file, which cost a third of the project's time.
    pool: 'vmThreads',
    // A form test takes seconds, minutes on a 2-core machine at its busiest (one took over 120 s at load
    // 29); only a hang fails on time.
    testTimeout: 300_000,
  },
});
