// Error reporting (spec §7): with a configured DSN, the SDK arrives in its own chunk after the first
// render, then reports uncaught errors, unhandled rejections and what the logger logs at Error and
// Critical. With or without it, the logger sends client errors to /log.
import type { RuntimeConfig } from '../config';
import { describeError, forwardErrorsTo, logger } from '../logger';

export async function startErrorReporting(config: Pick<RuntimeConfig, 'errorReportingDsn' | 'version' | 'mode'>): Promise<void> {
  if (!config.errorReportingDsn) return;
  try {
    const { initErrorReporting } = await import('./lazy/error-reporting-sdk');
    forwardErrorsTo(initErrorReporting(config));
  } catch (error) {
    logger.warning(`Error reporting could not start: ${describeError(error)}`);
  }
}
