import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite` (dev) forwards the API to the local server (`npm run dev:server`), so the app keeps one origin.
const apiOrigin = process.env.API_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;

const isShellModule = (id: string) =>
  /preload-helper|[\\/](web[\\/]src[\\/](app|lib)|graphql[\\/]src)[\\/]/.test(id) &&
  !/[\\/](lib[\\/](api|forms|profile-form|ads|address|files|phone|map|telemetry[\\/]lazy)|features)[\\/]/.test(id) &&
  // Rules and formats only the ad pages use stay with them.
  !/graphql[\\/]src[\\/](ad-validation|money)\./.test(id);

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    // For the prerenderer (scripts/page-assets.ts), which deletes it once read.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // What every page runs comes in two chunks: the framework (changes rarely, cached long) and the
        // app shell. Left alone, the bundler cuts the shell into a chunk per module shared with a page.
        // Amplify, the forms, the ad cards, the address, upload and phone widgets, the maps, the consent and error-reporting
        // libraries and the pages themselves stay out, each loaded when first needed.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|cookie|@tanstack[\\/](query-core|react-query))[\\/]/,
              priority: 2,
            },
            { name: 'shell', test: isShellModule, priority: 1 },
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
