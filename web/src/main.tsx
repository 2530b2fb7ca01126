// Boot: language and runtime config in parallel, then the watchers, then the router.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { BootFailure } from './app/BootFailure';
import { startStatusPolling } from './lib/app-status';
import { watchStoredToken } from './lib/auth/tab-sync';
import { loadRuntimeConfig } from './lib/config';
import { initI18n } from './lib/i18n/i18n';
import { initialLanguage } from './lib/i18n/language';
import { describeError, logger, logUncaughtErrors } from './lib/logger';
import './app/styles.css';

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  logUncaughtErrors();
  // Read before the router exists: the `lang` parameter is taken out of the address.
  const language = initialLanguage();
  const [config] = await Promise.allSettled([loadRuntimeConfig(), initI18n(language)]);
  if (config.status === 'rejected') {
    logger.critical(`The app could not start: ${describeError(config.reason)}`);
    root.render(<BootFailure />);
    return;
  }
  startStatusPolling();
  watchStoredToken();
  root.render(
    <StrictMode>
      <RouterProvider router={createBrowserRouter(routes)} />
    </StrictMode>,
  );
}

void boot();
