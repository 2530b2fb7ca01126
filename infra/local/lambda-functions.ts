// The Lambda handlers of functions/, loaded from their catalog and invoked the way the Lambda
// runtime does: one JSON event in, one JSON result out, with a Lambda context.

import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;

export interface LambdaFunctions {
  authorizer: Lambda;
  /** `Type.field` -> the resolver Lambda of that field. */
  resolvers: Map<string, Lambda>;
  /** Most parents in one batched call of a field resolver on a type field (the catalog's). */
  fieldBatchSize?: number;
  httpRoutes: { method: string; path: string; lambda: Lambda }[];
  /** Handler name -> Lambda, for the scheduled jobs (functions/handlers/schedules.ts). */
  jobHandlers: Map<string, Lambda>;
}

export interface Lambda {
  name: string;
  invoke(event: unknown): Promise<unknown>;
}

// Lambda's own limit; a local call that runs longer is still let through, the context just says so.
const TIMEOUT_MS = 30_000;

// Events and results cross a JSON boundary in AWS; doing the same here surfaces values that would not
// survive it (Dates, undefined, class instances) while developing locally.
const throughJson = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

function lambda(name: string, handler: LambdaHandler): Lambda {
  return {
    name,
    async invoke(event) {
      const deadline = Date.now() + TIMEOUT_MS;
      const context = {
        functionName: name,
        functionVersion: '$LATEST',
        invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
        memoryLimitInMB: '1024',
        awsRequestId: randomUUID(),
        logGroupName: `/aws/lambda/${name}`,
        logStreamName: 'local',
        callbackWaitsForEmptyEventLoop: true,
        getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      } as Context; // without the deprecated done/fail/succeed callbacks, which async handlers never use
      return throughJson(await handler(throughJson(event), context));
    },
  };
}

/**
 * Imports the catalog and every handler it names. Call it only once the environment the functions
 * read at cold start (TABLE_NAME, JWT_SECRET, …) is set.
 */
export async function loadLambdaFunctions(): Promise<LambdaFunctions> {
  const catalog = await import('@partage/functions/handlers/catalog');
  const loaded = new Map<string, Lambda>();
  const load = async (name: string): Promise<Lambda> => {
    if (!loaded.has(name)) {
      const module = (await import(`@partage/functions/handlers/${name}`)) as { handler: LambdaHandler };
      loaded.set(name, lambda(name, module.handler));
    }
    return loaded.get(name)!;
  };
  const resolvers = new Map<string, Lambda>();
  for (const { name, fields } of catalog.RESOLVER_LAMBDAS) {
    for (const field of fields) resolvers.set(field, await load(name));
  }
  const httpRoutes: LambdaFunctions['httpRoutes'] = [];
  for (const { method, path, name } of catalog.HTTP_ROUTES) httpRoutes.push({ method, path, lambda: await load(name) });
  const schedules = await import('@partage/functions/handlers/schedules');
  const jobHandlers = new Map<string, Lambda>();
  for (const { handler } of [...schedules.CRON_JOBS, ...schedules.ONE_TIME_JOBS]) jobHandlers.set(handler, await load(handler));
  return {
    authorizer: await load(catalog.AUTHORIZER),
    resolvers,
    fieldBatchSize: catalog.FIELD_RESOLVER_MAX_BATCH_SIZE,
    httpRoutes,
    jobHandlers,
  };
}
