import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `vite` (dev) forwards the API to the local server (`npm run dev:server`), so the app keeps one origin.
const apiOrigin = process.env.API_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The framework every page needs changes rarely: one long-cached chunk. Amplify stays out of it,
        // loaded with the first GraphQL call.
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|cookie)[\\/]/ }],
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
