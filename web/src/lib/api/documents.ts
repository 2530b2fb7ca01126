// Typed GraphQL documents (gql.tada): result and variable types are inferred by TypeScript from the
// schema's introspection (graphql-env.d.ts, generated from graphql/schema.graphql), so a document that
// names a field the schema lacks, or a caller that passes the wrong variables, fails `npm run typecheck`.
import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env';

export const graphql = initGraphQLTada<{
  introspection: introspection;
  // AppSync's scalars as they travel in JSON.
  scalars: {
    AWSDate: string;
    AWSTime: string;
    AWSDateTime: string;
    AWSTimestamp: number;
    AWSEmail: string;
    AWSJSON: string;
    AWSURL: string;
    AWSPhone: string;
    AWSIPAddress: string;
  };
}>();

export type { FragmentOf, ResultOf, TadaDocumentNode, VariablesOf } from 'gql.tada';
