// The wrapper of every Lambda entry point (functions/handlers/<name>.ts exports
// `observed('<name>', …)`): each invocation logs through its own logger with the handler's name, its
// cold start and the request's correlation id (adapters/log.ts), counts its business metrics and
// flushes them when it ends (adapters/metrics.ts), and, given the tracer, is an X-Ray subsegment
// annotated with the same id (adapters/tracing.ts). The correlation id is AppSync's X-Ray trace id
// for GraphQL (the authorizer's and the resolvers' lines share it), API Gateway's request id for the
// HTTP routes, and for a scheduled job the id of the invocation that scheduled it (its payload).

import { randomUUID } from 'node:crypto';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';
import { CORRELATION_ID_KEY, debugLogged, logger, withInvocationLogger, type InvocationKeys } from '../../adapters/log';
import { redactText } from '../../adapters/log-redaction';
import { metrics } from '../../adapters/metrics';

/** The fields of the events the handlers receive that name the request or the job. */
interface EventShape {
  request?: { headers?: Record<string, string | undefined> };
  requestHeaders?: Record<string, string | undefined>;
  requestContext?: { requestId?: string; http?: { method?: string; path?: string } };
  info?: { parentTypeName?: string; fieldName?: string };
  job?: string;
  payload?: Record<string, unknown>;
}

/** `Root=1-…;Parent=…;Sampled=1` -> `1-…`: the trace id, also searchable in X-Ray. */
const traceIdOf = (header: string | undefined) => header?.match(/Root=([^;]+)/)?.[1] ?? header;

/** The request's id as the event carries it; AppSync batches one field's calls of one request in an array. */
export function correlationIdOf(event: unknown): string | undefined {
  const first = (Array.isArray(event) ? event[0] : event) as EventShape | undefined;
  if (!first || typeof first !== 'object') return undefined;
  const traceHeader = first.request?.headers?.['x-amzn-trace-id'] ?? first.requestHeaders?.['x-amzn-trace-id'];
  const scheduledBy = first.payload?.[CORRELATION_ID_KEY];
  return traceIdOf(traceHeader) || first.requestContext?.requestId || (typeof scheduledBy === 'string' ? scheduledBy : undefined);
}

/** What was asked, for the invocation's debug line: a field, a route, a job. */
function operationOf(event: unknown): string | undefined {
  const first = (Array.isArray(event) ? event[0] : event) as EventShape | undefined;
  if (first?.info) return `${first.info.parentTypeName}.${first.info.fieldName}`;
  if (first?.requestContext?.http) return `${first.requestContext.http.method} ${first.requestContext.http.path}`;
  return first?.job;
}

/** An error leaving the handler: the Lambda runtime logs its message and stack too, so they are masked as the logger masks them. */
function masked(error: unknown): unknown {
  if (error instanceof Error) {
    error.message = redactText(error.message);
    if (error.stack) error.stack = redactText(error.stack);
  }
  return error;
}

async function traced<T>(tracer: Tracer | undefined, keys: InvocationKeys, run: () => Promise<T>): Promise<T> {
  const segment = tracer?.isTracingEnabled() ? tracer.getSegment() : undefined;
  if (!tracer || !segment) return run();
  const subsegment = segment.addNewSubsegment(`## ${keys.handler}`);
  tracer.setSegment(subsegment);
  tracer.annotateColdStart();
  tracer.addServiceNameAnnotation();
  tracer.putAnnotation('correlation_id', keys.correlation_id);
  try {
    return await run();
  } catch (error) {
    tracer.addErrorAsMetadata(error as Error);
    throw error;
  } finally {
    subsegment.close();
    tracer.setSegment(segment);
  }
}

/** `handle` as the Lambda entry point of `handler` (its file's name). */
export function observed<H extends (event: never) => Promise<unknown>>(handler: string, handle: H, options: { tracer?: Tracer } = {}): H {
  let coldStart = true;
  const invoke = (event: unknown, context?: Context): Promise<unknown> => {
    const keys: InvocationKeys = {
      handler,
      correlation_id: correlationIdOf(event) ?? context?.awsRequestId ?? randomUUID(),
      cold_start: coldStart,
    };
    coldStart = false;
    return withInvocationLogger(keys, async () => {
      if (debugLogged()) logger().debug('invocation', { operation: operationOf(event) });
      try {
        return await traced(options.tracer, keys, () => handle(event as never));
      } catch (error) {
        logger().error('invocation failed', error as Error);
        throw masked(error);
      } finally {
        metrics().flush(handler);
      }
    });
  };
  // Named after its handler: stack traces say which Lambda, and a test checks every entry point is observed.
  Object.defineProperty(invoke, 'name', { value: handler });
  return invoke as unknown as H;
}
