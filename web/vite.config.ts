import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite` (dev) forwards the API to the local server (`npm run dev:server`), so the app keeps one origin.
const apiOrigin = process.env.API_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // For the pages rendered ahead of the browser (src/server/page-assets.ts): moved out of dist by scripts/prerender.ts.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      input: ['index.html', 'src/main.tsx'],
      output: {
        // A page's first HTML loads one small script (src/boot.ts, with the shell's stylesheets); what every
        // page runs comes after it in two chunks: the framework (changes rarely, cached long) and the app
        // shell, every module main.tsx imports statically (main.tsx is an entry of its own for that: rolldown
        // tags the static imports of entries `$initial`; boot.ts imports it). The rest follows the import
        // graph: TanStack Query, the GraphQL clients, the forms and their rules, the ad cards, the maps, the
        // consent and error-reporting libraries and the pages themselves each come when first needed (npm run
        // bench:web counts what each page loads before its first paint).
        codeSplitting: {
          groups: [
            // The page's entry (index.html), the boot script and what it imports (the shell's stylesheets):
            // left to the shell's group, the page's entry would be the shell.
            { name: 'boot', test: /web[\\/](index\.html|src[\\/]boot\.ts)$/, priority: 3 },
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|cookie)[\\/]/,
              priority: 2,
            },
            { name: 'shell', tags: ['$initial'], priority: 0 },
            // The shared validation rules, for the pages with forms: left alone, they share a chunk with the
            // constants every page needs (and without their dependencies, which are those constants). Only
            // modules the shell never imports (money.ts is the shell's: the i18n formatter writes prices),
            // else the two chunks would import each other and one would read the other's bindings unset.
            {
              name: 'validation',
              test: /graphql[\\/]src[\\/]([a-z-]*validation|generated[\\/]input-shapes)\./,
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
