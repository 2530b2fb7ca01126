// POST /graphql with AppSync's HTTP semantics: 400 for a body that is not a GraphQL request,
// the Lambda authorizer first (401 UnauthorizedException), then validation, then the resolvers.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorize } from './appsync-authorizer';
import { malformedRequestError, unauthorizedError, validationError } from './appsync-errors';
import { executeOperation } from './appsync-execution';
import { prepareOperation, type GraphQLRequest } from './appsync-operation';
import type { AppSyncSchema } from './appsync-schema';
import { flatHeaders, readBody, sendJson } from './http-io';
import type { LambdaFunctions } from './lambda-functions';
import { GraphQLError } from 'graphql';

export interface AppSyncHttpOptions {
  api: AppSyncSchema;
  functions: LambdaFunctions;
  /** Receives each successful mutation result, for the real-time subscribers. */
  publish: (mutationField: string, result: unknown) => void;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseRequest(body: Buffer): GraphQLRequest | null {
  let request: unknown;
  try {
    request = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (!isObject(request) || typeof request.query !== 'string') return null;
  const { query, variables, operationName } = request;
  if (variables != null && !isObject(variables)) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  return { query, variables, operationName };
}

export function createAppSyncHttpHandler({ api, functions, publish }: AppSyncHttpOptions) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const body = await readBody(request);
    if (body.length === 0) return sendJson(response, 400, { errors: [malformedRequestError('Request body is empty.')] });
    const graphqlRequest = parseRequest(body);
    if (!graphqlRequest) return sendJson(response, 400, { errors: [malformedRequestError('Unable to parse GraphQL query.')] });

    const headers = flatHeaders(request.headers);
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
      const error = new GraphQLError('Subscriptions are served by the real-time endpoint (/graphql/realtime).', { nodes: prepared.operation });
      return sendJson(response, 200, { data: null, errors: [validationError(error)] });
    }
    const { data, errors } = await executeOperation({
      schema: api.schema,
      resolvers: functions.resolvers,
      prepared,
      caller: { resolverContext: caller.resolverContext, headers },
      onMutationResult: publish,
    });
    sendJson(response, 200, errors ? { data, errors } : { data });
  };
}
