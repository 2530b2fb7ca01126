// AppSync's second authorization mode on the local host. A field marked `@aws_iam` and not
// `@aws_lambda` answers only IAM-signed requests: the server's publish port, which calls it
// in-process here (functions/adapters/local-publisher.ts). Every request reaching the local
// endpoints comes through the Lambda authorizer, so such a field refuses it as AppSync does.

import type { GraphQLField } from 'graphql';
import { isServerOnlyField } from '@partage/graphql/schema-parts';
import { LambdaFieldError } from './appsync-errors';

export const isIamOnly = (field: GraphQLField<unknown, unknown> | undefined): boolean => isServerOnlyField(field?.astNode);

/**
 * AppSync's answer to a caller whose auth mode the field does not allow, with the code a client acts on
 * (the local host's `extensions.code`): UNAUTHORIZED_ACCESS, never INTERNAL (issue 22, finding 9).
 */
export function notAuthorizedForField(typeName: string, fieldName: string): LambdaFieldError {
  return new LambdaFieldError(`Not Authorized to access ${fieldName} on type ${typeName}`, 'Unauthorized', {
    code: 'UNAUTHORIZED_ACCESS',
    fields: [],
  });
}
