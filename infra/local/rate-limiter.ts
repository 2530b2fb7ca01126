// The local host's stand-in for AWS WAF's rate-based rules: a token bucket per source address,
// in memory (the local host is one process). A refused request gets 429 and Retry-After.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { rateLimitedError } from './appsync-errors';
import { sendJson } from './http-io';

export interface RateLimit {
  /** Requests a source may make at once. */
  burst: number;
  /** Requests per second it regains, up to `burst`. */
  perSecond: number;
}

/** Generous enough for a developer and the end-to-end suite, low enough to stop a script. */
export const LOCAL_RATE_LIMITS: { graphql: RateLimit; http: RateLimit } = {
  graphql: { burst: 600, perSecond: 20 },
  http: { burst: 200, perSecond: 5 },
};

/** Sources remembered at most; past that, the ones whose bucket has refilled are forgotten. */
const MAX_SOURCES = 10_000;

export type Admission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function createRateLimiter({ burst, perSecond }: RateLimit, now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const refilled = (bucket: { tokens: number; at: number }, time: number) =>
    Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);

  return (source: string): Admission => {
    const time = now();
    if (buckets.size >= MAX_SOURCES) {
      for (const [key, bucket] of buckets) if (refilled(bucket, time) >= burst) buckets.delete(key);
    }
    const bucket = buckets.get(source);
    const tokens = bucket ? refilled(bucket, time) : burst;
    if (tokens < 1) return { allowed: false, retryAfterSeconds: Math.ceil((1 - tokens) / perSecond) };
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
