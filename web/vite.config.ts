import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite` (dev) forwards the API to the local server (`npm run dev:server`), so the app keeps one origin.
const apiOrigin = process.env.API_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // For the prerenderer (scripts/page-assets.ts), which deletes it once read.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The framework every page runs is one chunk (changes rarely, cached long). The rest is left to the
        // bundler, so that a page loads what its import graph needs and nothing more: TanStack Query, the
        // GraphQL clients, the forms and their rules, the ad cards, the maps, the consent and error-reporting
        // libraries and the pages themselves each come when first needed (npm run bench:web counts what
        // the landing page loads). The shell's small modules are preloaded by index.html in parallel.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|cookie)[\\/]/,
              priority: 2,
            },
            // The shared validation rules, for the pages with forms: left alone, they share a chunk with the
            // constants every page needs (and without their dependencies, which are those constants).
            {
              name: 'validation',
              test: /graphql[\\/]src[\\/]([a-z-]*validation|money|generated[\\/]input-shapes)\./,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/config.json': apiOrigin,
      '/graphql': { target: apiOrigin, ws: true },
      '/token': apiOrigin,
      '/status': apiOrigin,
      '/log': apiOrigin,
    },
  },
});
