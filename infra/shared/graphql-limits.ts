// How much work one GraphQL request may ask for, on AppSync (queryDepthLimit, resolverCountLimit of
// infra/aws/graphql-api.ts) and on the local host (infra/local/appsync-limits.ts), which checks the
// same numbers before executing anything.

export const GRAPHQL_LIMITS = {
  /** Nested field levels, the root field being level 1. The app's deepest query has 4. AppSync allows 1-75. */
  queryDepth: 12,
  /**
   * Resolver invocations per request. AppSync counts every invocation, a field resolver once per parent
   * (a page of 100 rows with one field resolver costs 101), so this leaves room for the lists to come;
   * the local host counts the root fields, aliases included. AppSync allows 1-10,000.
   */
  resolverCount: 500,
  /**
   * Items the list fields of one request ask for, together (issue 22, finding 8: 30 aliases of a page of
   * 50 ads returned 187 KB in 2.5 s): each field with a `limit` argument weighs the items it asks for
   * (times those of the lists around it); without one, the largest default page (50). The app's pages
   * ask for 100 at most. Local host only: AppSync weighs no field; on AWS the resolver count, the
   * aliases' bound and the WAF's rate rules are what holds.
   */
  listItems: 1_000,
  /** Aliased fields in one document (5,000 aliases once made 5,000 Lambda calls). */
  aliases: 30,
  /** Selections (fields, fragments) once fragments are expanded: a fragment spread twice per level doubles them. */
  fields: 1_000,
  /** Lexical tokens of one document: parsing stops there. */
  tokens: 10_000,
  /** Nesting of the variables' JSON (objects and lists). */
  variablesDepth: 32,
  /** Body of one POST /graphql. */
  bodyBytes: 1024 * 1024,
} as const;
