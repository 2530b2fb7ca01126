// POST /log: the web app's log entries, written as one line each to the function's log (CloudWatch in
// AWS, the console locally) at their level, masked like every line (adapters/log-redaction.ts), at most
// RATE_LIMITS.log per source address.

import { assertValid, LOG_LEVELS, maxLength, oneOf, required, type LogLevel, type RuleResult } from '@partage/graphql';
import { logger } from '../adapters/log';
import { enforceRateLimit } from '../domain/rate-limits';
import { httpHandler, jsonBody, noContent, sourceAddressOf } from './shared/http';
import { observed } from './shared/observed';

export const MAX_LOG_ENTRIES = 50;
export const MAX_LOG_MESSAGE_LENGTH = 4000;

/** The web app's levels (graphql LOG_LEVELS) as the logger's. */
const LOGGER_METHOD = { Information: 'info', Warning: 'warn', Error: 'error', Critical: 'critical' } as const satisfies Record<
  LogLevel,
  string
>;

const stringRule = (value: unknown, rule: (v: string) => RuleResult): RuleResult =>
  typeof value === 'string' ? (required(value) ?? rule(value)) : 'required';

export const handler = observed(
  'log',
  httpHandler(async (event) => {
    await enforceRateLimit('log', sourceAddressOf(event));
    const body = jsonBody(event);
    const entries = (Array.isArray(body) ? body : []) as { message?: unknown; level?: unknown }[];
    assertValid([
      ['body', !Array.isArray(body) ? 'required' : body.length > MAX_LOG_ENTRIES ? 'maxLength' : null],
      ...entries.flatMap((entry, i): [string, RuleResult][] => [
        [`${i}.message`, stringRule(entry?.message, maxLength(MAX_LOG_MESSAGE_LENGTH))],
        [`${i}.level`, stringRule(entry?.level, oneOf(LOG_LEVELS))],
      ]),
    ]);
    for (const { message, level } of entries) logger()[LOGGER_METHOD[level as LogLevel]](message as string, { source: 'web' });
    return noContent();
  }),
);
