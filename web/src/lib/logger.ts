// Client logger (spec §7): entries go to POST /log in batches, sent at 5 entries or 1 s after the last one.
import { LOG_FLUSH_COUNT, LOG_FLUSH_DELAY_MS, type LogLevel } from '@partage/graphql';
import { apiUrl } from './config';

interface LogEntry {
  message: string;
  level: LogLevel;
}

// Long stack traces are cut so one bad loop cannot send megabytes.
const MAX_MESSAGE_LENGTH = 4_000;

let queue: LogEntry[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

type ErrorForwarder = (level: 'Error' | 'Critical', message: string) => void;
let forwardError: ErrorForwarder | undefined;

/** Error reporting, once started (telemetry/error-reporting.ts), also receives what is logged at Error and Critical. */
export function forwardErrorsTo(forward: ErrorForwarder): void {
  forwardError = forward;
}

function flush(): void {
  clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0) return;
  const body = JSON.stringify(queue);
  queue = [];
  // keepalive lets the last entries leave while the page unloads; a failed send must never raise.
  fetch(apiUrl('/log'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
}

function log(level: LogLevel, message: string, forward = true): void {
  if (forward && (level === 'Error' || level === 'Critical')) forwardError?.(level, message);
  queue.push({ level, message: `${message} [${window.location.pathname}]`.slice(0, MAX_MESSAGE_LENGTH) });
  clearTimeout(timer);
  if (queue.length >= LOG_FLUSH_COUNT) flush();
  else timer = setTimeout(flush, LOG_FLUSH_DELAY_MS);
}

export const logger = {
  information: (message: string) => log('Information', message),
  warning: (message: string) => log('Warning', message),
  error: (message: string) => log('Error', message),
  critical: (message: string) => log('Critical', message),
};

export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/**
 * Crashes nobody caught still reach the server, whether or not error reporting is configured. They are
 * not forwarded to error reporting: its own handlers catch them, with their stack as data.
 */
export function logUncaughtErrors(): void {
  window.addEventListener('error', (event) => log('Error', `Uncaught: ${describeError(event.error ?? event.message)}`, false));
  window.addEventListener('unhandledrejection', (event) => log('Error', `Unhandled rejection: ${describeError(event.reason)}`, false));
}
