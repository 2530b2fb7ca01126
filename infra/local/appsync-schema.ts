// The API's schema as graphql-js sees it on the local host: AppSync's built-ins (prelude) plus
// the deployed SDL, with the AWS scalars validating like AppSync's.

import { readFileSync } from 'node:fs';
import { buildSchema, getDirectiveValues, type GraphQLSchema } from 'graphql';
import { APPSYNC_PRELUDE_PATH, SCHEMA_PATH } from '@partage/graphql/schema';
import { implementAwsScalars } from './appsync-scalars';

export interface AppSyncSchema {
  schema: GraphQLSchema;
  /** Mutation field name -> the subscription fields it triggers (`@aws_subscribe(mutations: [...])`). */
  subscriptionsByMutation: Map<string, string[]>;
}

export function buildAppSyncSchema(
  sdl = readFileSync(SCHEMA_PATH, 'utf8'),
  prelude = readFileSync(APPSYNC_PRELUDE_PATH, 'utf8'),
): AppSyncSchema {
  const schema = buildSchema(`${prelude}\n${sdl}`);
  implementAwsScalars(schema);
  const subscribe = schema.getDirective('aws_subscribe');
  const subscriptionsByMutation = new Map<string, string[]>();
  for (const field of Object.values(schema.getSubscriptionType()?.getFields() ?? {})) {
    const mutations = (subscribe && field.astNode && getDirectiveValues(subscribe, field.astNode)?.mutations) as string[] | undefined;
    for (const mutation of mutations ?? []) {
      subscriptionsByMutation.set(mutation, [...(subscriptionsByMutation.get(mutation) ?? []), field.name]);
    }
  }
  return { schema, subscriptionsByMutation };
}
