// The functions' one logger (AWS Lambda Powertools): one JSON object a line, on stdout (warnings and errors
// on stderr), which Lambda sends to the function's log group and the local host prints. Each invocation logs through a child
// that carries its handler, correlation id and cold start (handlers/shared/observed.ts), found by
// whatever code runs for it through logger(); the local host runs many invocations at once in one
// process, hence the async context rather than keys appended to one shared logger. Every key and
// string goes through the redaction rules (log-redaction.ts).

import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import { redactLogValue } from './log-redaction';

/** The keys every line of an invocation carries. */
export interface InvocationKeys {
  /** The handler (functions/handlers/<handler>.ts). */
  handler: string;
  /** The request's id, carried by the jobs it schedules (docs/operations.md). */
  correlation_id: string;
  cold_start: boolean;
}

/** The key of a scheduled job's payload that carries the correlation id of the invocation that scheduled it (scheduler.ts). */
export const CORRELATION_ID_KEY = 'correlationId';

const invocations = new AsyncLocalStorage<{ keys: InvocationKeys; logger?: Logger }>();

// POWERTOOLS_SERVICE_NAME and POWERTOOLS_LOG_LEVEL (INFO unless set) come from the environment.
const root = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'partage', jsonReplacerFn: redactLogValue });

/** The logger of the invocation running (made on its first line), or the process's outside any (a script, a test calling the domain). */
export function logger(): Logger {
  const invocation = invocations.getStore();
  if (!invocation) return root;
  invocation.logger ??= root.createChild({ persistentKeys: { ...invocation.keys } });
  return invocation.logger;
}

/** The correlation id of the invocation running; undefined outside any. */
export const currentCorrelationId = (): string | undefined => invocations.getStore()?.keys.correlation_id;

/** The handler of the invocation running (functions/data/declared-access.ts); undefined outside any. */
export const currentHandler = (): string | undefined => invocations.getStore()?.keys.handler;

/** Whether debug lines are written (POWERTOOLS_LOG_LEVEL): an invocation that writes none makes no logger of its own. */
export const debugLogged = (): boolean => ['TRACE', 'DEBUG'].includes(root.getLevelName());

/** Runs one invocation with its own logger. */
export function withInvocationLogger<T>(keys: InvocationKeys, run: () => Promise<T>): Promise<T> {
  return invocations.run({ keys }, run);
}
