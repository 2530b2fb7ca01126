// Boot: the shell renders at once (its words are bundled) while config.json loads; the Amplify client
// waits for the config itself. Rendering synchronously means the skip link exists when the page has loaded.
import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { BootFailure } from './app/BootFailure';
import { routes } from './app/routes';
import { startStatusPolling } from './lib/app-status';
import { watchStoredToken } from './lib/auth/tab-sync';
import { loadRuntimeConfig } from './lib/config';
import { initI18n } from './lib/i18n/i18n';
import { initialLanguage } from './lib/i18n/language';
import { describeError, logger, logUncaughtErrors } from './lib/logger';
import { startTelemetry } from './lib/telemetry/telemetry';
import './app/styles.css';

logUncaughtErrors();
// Read before the router exists: the `lang` parameter is taken out of the address.
void initI18n(initialLanguage());
const root = createRoot(document.getElementById('root')!);
flushSync(() =>
  root.render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  ),
);
loadRuntimeConfig().then(
  (config) => {
    startStatusPolling();
    watchStoredToken();
    startTelemetry(config);
  },
  (error: unknown) => {
    logger.critical(`The app could not start: ${describeError(error)}`);
    root.render(<BootFailure />);
  },
);
