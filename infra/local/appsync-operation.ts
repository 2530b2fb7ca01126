// Everything AppSync checks before it runs a resolver: syntax, validation against the schema,
// the operation to run and the variables. Failures come back in AppSync's shape (graphql-java's
// error kinds, `ValidationError`), for both the HTTP and the real-time endpoints.

import {
  GraphQLError,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValidationRule,
} from 'graphql';
import { GRAPHQL_LIMITS } from '../shared/graphql-limits';
import { jsonDepth, listItemsError, operationLimitError } from './appsync-limits';
import { AwsScalarError } from './appsync-scalars';
import { validationError, type AppSyncError } from './appsync-errors';

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A GraphQL request from its JSON text (an HTTP body, a real-time start's `data`); null when it is not one. */
export function parseGraphQLRequest(json: string): GraphQLRequest | null {
  let request: unknown;
  try {
    request = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(request) || typeof request.query !== 'string') return null;
  const { query, variables, operationName } = request;
  if (variables != null && !isRecord(variables)) return null;
  // Deeper variables are no input of this API; refusing them here spares the authorizer and the resolvers.
  if (jsonDepth(variables, GRAPHQL_LIMITS.variablesDepth) > GRAPHQL_LIMITS.variablesDepth) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  return { query, variables, operationName };
}

export interface PreparedOperation {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The variables as sent (what AppSync passes in `info.variables`); they coerce without error. */
  variables: Record<string, unknown>;
}

// graphql-java's names for what each graphql-js rule checks; AppSync's messages start with them.
const ERROR_KINDS: Record<string, string> = {
  ExecutableDefinitionsRule: 'NonExecutableDefinition',
  UniqueOperationNamesRule: 'DuplicateOperationName',
  LoneAnonymousOperationRule: 'LoneAnonymousOperationViolation',
  SingleFieldSubscriptionsRule: 'SubscriptionMultipleRootFields',
  KnownTypeNamesRule: 'UnknownType',
  FragmentsOnCompositeTypesRule: 'InlineFragmentTypeConditionInvalid',
  VariablesAreInputTypesRule: 'NonInputTypeOnVariable',
  ScalarLeafsRule: 'SubSelectionRequired',
  FieldsOnCorrectTypeRule: 'FieldUndefined',
  UniqueFragmentNamesRule: 'DuplicateFragmentName',
  KnownFragmentNamesRule: 'UndefinedFragment',
  NoUnusedFragmentsRule: 'UnusedFragment',
  PossibleFragmentSpreadsRule: 'InvalidFragmentType',
  NoFragmentCyclesRule: 'FragmentCycle',
  UniqueVariableNamesRule: 'DuplicateVariableName',
  NoUndefinedVariablesRule: 'UndefinedVariable',
  NoUnusedVariablesRule: 'UnusedVariable',
  KnownDirectivesRule: 'UnknownDirective',
  UniqueDirectivesPerLocationRule: 'DuplicateDirectiveName',
  KnownArgumentNamesRule: 'UnknownArgument',
  UniqueArgumentNamesRule: 'DuplicateArgumentNames',
  ValuesOfCorrectTypeRule: 'WrongType',
  ProvidedRequiredArgumentsRule: 'MissingFieldArgument',
  VariablesInAllowedPositionRule: 'VariableTypeMismatch',
  OverlappingFieldsCanBeMergedRule: 'FieldsConflict',
  UniqueInputFieldNamesRule: 'UniqueObjectFieldName',
};

function kindOf(rule: ValidationRule, error: GraphQLError): string {
  if (rule.name === 'ScalarLeafsRule' && error.message.includes('must not have a selection')) return 'SubSelectionNotAllowed';
  return ERROR_KINDS[rule.name] ?? rule.name.replace(/Rule$/, '');
}

function kindError(kind: string, error: GraphQLError): AppSyncError {
  return validationError(error, `Validation error of type ${kind}: ${error.message}`);
}

/**
 * Validates in one pass; a document that fails is validated again rule by rule, so that each error can
 * be named the way AppSync names it (26 passes: the cost of a failure only).
 */
function validateOperation(schema: GraphQLSchema, document: DocumentNode): AppSyncError[] {
  if (validate(schema, document).length === 0) return [];
  return specifiedRules.flatMap((rule) => validate(schema, document, [rule]).map((error) => kindError(kindOf(rule, error), error)));
}

/** What a document's text alone decides: its parsed form, or the errors of its syntax, size and validation. */
type CheckedDocument = { document: DocumentNode } | { errors: AppSyncError[] };

/**
 * Clients send the same few documents again and again, with other variables: each text is checked once
 * (as AppSync caches its parsed documents). Bounded, oldest out; a long text is checked every time.
 */
const CHECKED_DOCUMENTS_KEPT = 500;
const CHECKED_TEXT_MAX = 20_000;
const checkedDocuments = new WeakMap<GraphQLSchema, Map<string, CheckedDocument>>();

function checkedDocument(schema: GraphQLSchema, query: string): CheckedDocument {
  let checked = checkedDocuments.get(schema);
  if (!checked) checkedDocuments.set(schema, (checked = new Map()));
  const known = checked.get(query);
  if (known) return known;
  const result = checkDocument(schema, query);
  if (query.length <= CHECKED_TEXT_MAX) {
    if (checked.size >= CHECKED_DOCUMENTS_KEPT) checked.delete(checked.keys().next().value!);
    checked.set(query, result);
  }
  return result;
}

function checkDocument(schema: GraphQLSchema, query: string): CheckedDocument {
  let document: DocumentNode;
  try {
    document = parse(query, { maxTokens: GRAPHQL_LIMITS.tokens });
  } catch (error) {
    if (error instanceof GraphQLError) return { errors: [kindError('InvalidSyntax', error)] };
    // The parser recurses once per nesting level: a document nested deeply enough exhausts the stack.
    if (error instanceof RangeError) return { errors: [kindError('InvalidSyntax', new GraphQLError('Document nested too deeply.'))] };
    throw error;
  }
  // Before validation, whose rules recurse through selection sets.
  for (const definition of document.definitions) {
    const tooMuch = definition.kind === 'OperationDefinition' ? operationLimitError(document, definition) : null;
    if (tooMuch) return { errors: [kindError('QueryComplexity', tooMuch)] };
  }
  const errors = validateOperation(schema, document);
  return errors.length > 0 ? { errors } : { document };
}

function variableError(error: GraphQLError): AppSyncError {
  // graphql-js wraps the scalar's own error once per level it crossed.
  let scalarError = error.originalError;
  while (scalarError instanceof GraphQLError && scalarError.originalError) scalarError = scalarError.originalError;
  const definition = error.nodes?.[0];
  if (scalarError instanceof AwsScalarError && definition?.kind === 'VariableDefinition') {
    return {
      ...validationError(error),
      locations: null,
      message: `Variable '${definition.variable.name.value}' has an invalid value. ${scalarError.message}`,
    };
  }
  return { ...validationError(error), locations: null };
}

export function prepareOperation(schema: GraphQLSchema, request: GraphQLRequest): PreparedOperation | { errors: AppSyncError[] } {
  const checked = checkedDocument(schema, request.query);
  if ('errors' in checked) return checked;
  const { document } = checked;
  const operation = getOperationAST(document, request.operationName ?? undefined);
  if (!operation) {
    const message = request.operationName
      ? `Unknown operation named '${request.operationName}'.`
      : 'Must provide operation name if query contains multiple operations.';
    return { errors: [kindError('UnknownOperation', new GraphQLError(message))] };
  }
  const variables = request.variables ?? {};
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) return { errors: coerced.errors.map(variableError) };
  // Once the variables are known: a page's limit is often one.
  const tooManyItems = listItemsError(schema, document, operation, coerced.coerced);
  if (tooManyItems) return { errors: [kindError('QueryComplexity', tooManyItems)] };
  return { document, operation, variables };
}
