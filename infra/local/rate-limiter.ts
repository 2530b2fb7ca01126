// The local host's stand-in for AWS WAF's rate-based rules: a token bucket per source address,
// in memory (the local host is one process). A refused request gets 429 and Retry-After.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { refilledTokens, refusal, type BucketAnswer, type BucketRule } from '@partage/functions/data/token-buckets';
import { rateLimitedError } from './appsync-errors';
import { sendJson } from './http-io';

/** A source's bucket: `capacity` requests at once, `refillPerSecond` regained (the table's buckets' rule). */
export type RateLimit = BucketRule;

/** Generous enough for a developer and the end-to-end suite, low enough to stop a script. */
export const LOCAL_RATE_LIMITS: { graphql: RateLimit; http: RateLimit } = {
  graphql: { capacity: 600, refillPerSecond: 20 },
  http: { capacity: 200, refillPerSecond: 5 },
};

/** Sources remembered at most; past that, the ones whose bucket has refilled are forgotten. */
const MAX_SOURCES = 10_000;

export type Admission = BucketAnswer;

export function createRateLimiter(rule: RateLimit, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refilled = (bucket: { tokens: number; at: number }, time: number) => refilledTokens(rule, bucket.tokens, time - bucket.at);

  return (source: string): Admission => {
    const time = now();
    if (buckets.size >= MAX_SOURCES) {
      for (const [key, bucket] of buckets) if (refilled(bucket, time) >= rule.capacity) buckets.delete(key);
    }
    const bucket = buckets.get(source);
    const tokens = bucket ? refilled(bucket, time) : rule.capacity;
    if (tokens < 1) return refusal(rule, tokens);
    buckets.set(source, { tokens: tokens - 1, at: time });
    return { allowed: true };
  };
}

type Route = (request: IncomingMessage, response: ServerResponse) => Promise<void> | void;

/** The 429 of each kind of route, in the shape its clients read (AppSync's errors, or the HTTP API's JSON). */
const TOO_MANY: Record<'graphql' | 'http', (response: ServerResponse, retryAfterSeconds: number) => void> = {
  graphql: (response, retryAfterSeconds) =>
    sendJson(response, 429, { errors: [rateLimitedError(retryAfterSeconds)] }, { 'retry-after': String(retryAfterSeconds) }),
  http: (response, retryAfterSeconds) =>
    sendJson(
      response,
      429,
      { code: 'RATE_LIMITED', message: 'Too many requests', retryAfterSeconds },
      { 'retry-after': String(retryAfterSeconds) },
    ),
};

/** `route` behind `admit`'s buckets, keyed by the source address of the connection. */
export function rateLimited(admit: ReturnType<typeof createRateLimiter>, kind: keyof typeof TOO_MANY, route: Route): Route {
  return (request, response) => {
    const admission = admit(request.socket.remoteAddress ?? 'unknown');
    if (!admission.allowed) return TOO_MANY[kind](response, admission.retryAfterSeconds);
    return route(request, response);
  };
}
