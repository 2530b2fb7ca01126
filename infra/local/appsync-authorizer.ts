// AppSync's AWS_LAMBDA authorization: the authorizer Lambda sees the raw Authorization header and
// the operation; its resolverContext becomes every resolver's `identity.resolverContext`.

import { randomUUID } from 'node:crypto';
import type { AppSyncAuthorizerEvent, AppSyncAuthorizerResult } from 'aws-lambda';
import type { Lambda } from './lambda-functions';

export const LOCAL_API_ID = 'local';
export const LOCAL_ACCOUNT_ID = '000000000000';

export interface AuthorizationRequest {
  token: string | undefined;
  queryString: string;
  operationName?: string;
  variables: Record<string, unknown>;
  headers: Record<string, string>;
}

/** The caller's resolverContext, or null when AppSync would answer UnauthorizedException. */
export async function authorize(authorizer: Lambda, request: AuthorizationRequest): Promise<{ resolverContext: unknown } | null> {
  // AppSync refuses a request without the header before calling the authorizer.
  if (!request.token) return null;
  const event: AppSyncAuthorizerEvent = {
    authorizationToken: request.token,
    requestContext: {
      apiId: LOCAL_API_ID,
      accountId: LOCAL_ACCOUNT_ID,
      requestId: randomUUID(),
      queryString: request.queryString,
      ...(request.operationName ? { operationName: request.operationName } : {}),
      variables: request.variables,
    },
    requestHeaders: request.headers,
  };
  try {
    const result = (await authorizer.invoke(event)) as AppSyncAuthorizerResult<unknown> | null;
    return result?.isAuthorized ? { resolverContext: result.resolverContext ?? {} } : null;
  } catch (error) {
    // AppSync denies the request when its authorizer fails; the stack is for the developer.
    console.error(`[${authorizer.name}] unhandled error`, error);
    return null;
  }
}
