// POST /graphql with AppSync's HTTP semantics: 413 for a body over GRAPHQL_LIMITS.bodyBytes, 400 for
// one that is not a GraphQL request, the Lambda authorizer first (401 UnauthorizedException), then
// validation and the limits of work per request, then the resolvers.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { GraphQLError } from 'graphql';
import { authorize } from './appsync-authorizer';
import { malformedRequestError, unauthorizedError, validationError } from './appsync-errors';
import { executeOperation } from './appsync-execution';
import { parseGraphQLRequest, prepareOperation } from './appsync-operation';
import type { AppSyncSchema } from './appsync-schema';
import { GRAPHQL_LIMITS } from '../shared/graphql-limits';
import { BodyTooLargeError, flatHeaders, newTraceHeader, readBody, sendJson } from './http-io';
import type { LambdaFunctions } from './lambda-functions';

export interface AppSyncHttpOptions {
  api: AppSyncSchema;
  functions: LambdaFunctions;
  /** Receives each successful mutation result, for the real-time subscribers. */
  publish: (mutationField: string, result: unknown) => void;
}

export function createAppSyncHttpHandler({ api, functions, publish }: AppSyncHttpOptions) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    let body: Buffer;
    try {
      body = await readBody(request, GRAPHQL_LIMITS.bodyBytes);
    } catch (error) {
      if (!(error instanceof BodyTooLargeError)) throw error;
      const tooLarge = malformedRequestError(`Request body larger than ${GRAPHQL_LIMITS.bodyBytes} bytes.`);
      return sendJson(response, 413, { errors: [tooLarge] }, { connection: 'close' });
    }
    if (body.length === 0) return sendJson(response, 400, { errors: [malformedRequestError('Request body is empty.')] });
    const graphqlRequest = parseGraphQLRequest(body.toString('utf8'));
    if (!graphqlRequest) return sendJson(response, 400, { errors: [malformedRequestError('Unable to parse GraphQL query.')] });

    // As AppSync does: the caller's address in x-forwarded-for (here from the socket, never from the client),
    // and the request's own trace id.
    const headers: Record<string, string> = {
      ...flatHeaders(request.headers),
      'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
      'x-amzn-trace-id': newTraceHeader(),
    };
    const caller = await authorize(functions.authorizer, {
      token: headers.authorization,
      queryString: graphqlRequest.query,
      operationName: graphqlRequest.operationName ?? undefined,
      variables: graphqlRequest.variables ?? {},
      headers,
    });
    if (!caller) return sendJson(response, 401, { errors: [unauthorizedError()] });

    const prepared = prepareOperation(api.schema, graphqlRequest);
    if ('errors' in prepared) return sendJson(response, 200, { data: null, errors: prepared.errors });
    if (prepared.operation.operation === 'subscription') {
      const error = new GraphQLError('Subscriptions are served by the real-time endpoint (/graphql/realtime).', {
        nodes: prepared.operation,
      });
      return sendJson(response, 200, { data: null, errors: [validationError(error)] });
    }
    const { data, errors } = await executeOperation({
      schema: api.schema,
      resolvers: functions.resolvers,
      maxBatchSize: functions.fieldBatchSize,
      prepared,
      caller: { resolverContext: caller.resolverContext, headers },
      onMutationResult: publish,
    });
    sendJson(response, 200, errors ? { data, errors } : { data });
  };
}
