// The limits AppSync applies before running a resolver (infra/shared/graphql-limits.ts): query depth,
// resolver count, plus aliases and variables nesting, checked without recursion so that a request
// nested a thousand levels deep is refused rather than crashing the host.

import {
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isObjectType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { GRAPHQL_LIMITS } from '../shared/graphql-limits';

export type GraphQLLimits = typeof GRAPHQL_LIMITS;

/** How deep a JSON value nests (objects and lists), counted up to `cap` + 1 at most. */
export function jsonDepth(value: unknown, cap: number): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > cap) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

interface Shape {
  depth: number;
  aliases: number;
  rootFields: number;
  fields: number;
}

/** Depth, aliases and root fields of the operation, fragments expanded, stopping once a limit is passed. */
function measure(operation: OperationDefinitionNode, fragments: Map<string, FragmentDefinitionNode>, limits: GraphQLLimits): Shape {
  const shape: Shape = { depth: 0, aliases: 0, rootFields: 0, fields: 0 };
  const stack: { selectionSet: SelectionSetNode; depth: number; root: boolean; seen: ReadonlySet<string> }[] = [
    { selectionSet: operation.selectionSet, depth: 1, root: true, seen: new Set() },
  ];
  while (stack.length > 0) {
    const { selectionSet, depth, root, seen } = stack.pop()!;
    for (const selection of selectionSet.selections) {
      shape.fields += 1;
      if (selection.kind === Kind.FIELD) {
        shape.depth = Math.max(shape.depth, depth);
        if (selection.alias) shape.aliases += 1;
        if (root && !selection.name.value.startsWith('__')) shape.rootFields += 1;
        if (selection.selectionSet) stack.push({ selectionSet: selection.selectionSet, depth: depth + 1, root: false, seen });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        stack.push({ selectionSet: selection.selectionSet, depth, root, seen });
      } else {
        // A fragment met again on its own path is a cycle (validation names it); stop following it.
        const fragment = fragments.get(selection.name.value);
        if (fragment && !seen.has(fragment.name.value)) {
          stack.push({ selectionSet: fragment.selectionSet, depth, root, seen: new Set([...seen, fragment.name.value]) });
        }
      }
    }
    if (
      shape.depth > limits.queryDepth ||
      shape.aliases > limits.aliases ||
      shape.rootFields > limits.resolverCount ||
      shape.fields > limits.fields
    )
      break;
  }
  return shape;
}

/** The limit the operation passes, as the error AppSync answers; null when it is within them all. */
export function operationLimitError(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  limits: GraphQLLimits = GRAPHQL_LIMITS,
): GraphQLError | null {
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const shape = measure(operation, fragments, limits);
  const nodes = operation;
  if (shape.depth > limits.queryDepth)
    return new GraphQLError(`Query depth exceeds the maximum allowed depth of ${limits.queryDepth}.`, { nodes });
  if (shape.rootFields > limits.resolverCount)
    return new GraphQLError(`Query exceeds the maximum allowed resolver count of ${limits.resolverCount}.`, { nodes });
  if (shape.fields > limits.fields)
    return new GraphQLError(`Query exceeds the maximum allowed number of fields (${limits.fields}).`, { nodes });
  if (shape.aliases > limits.aliases)
    return new GraphQLError(`Query exceeds the maximum allowed number of aliases (${limits.aliases}).`, { nodes });
  return null;
}

/** What a list field without a `limit` weighs: the largest default page of the API (CONVERSATIONS_PAGE and the like). */
const UNSTATED_LIMIT_ITEMS = 50;

/**
 * The items the operation's list fields ask for (GRAPHQL_LIMITS.listItems), fragments expanded: a field
 * with a `limit` argument weighs its limit times the items of the lists around it. Runs after validation
 * (fragments exist and do not cycle, depth is bounded) and with the coerced variables.
 */
export function listItemsOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const limitOf = (field: FieldNode): number => {
    const value = field.arguments?.find((argument) => argument.name.value === 'limit')?.value;
    const given = value?.kind === Kind.INT ? Number(value.value) : value?.kind === Kind.VARIABLE ? variables[value.name.value] : undefined;
    return typeof given === 'number' ? given : UNSTATED_LIMIT_ITEMS;
  };
  const walk = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined, around: number): number => {
    let items = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const definition = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[selection.name.value] : undefined;
        if (!definition) continue;
        const listed = definition.args.some((argument) => argument.name === 'limit') ? around * limitOf(selection) : around;
        if (listed !== around) items += listed;
        if (selection.selectionSet) items += walk(selection.selectionSet, getNamedType(definition.type), listed);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        items += walk(selection.selectionSet, type, around);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) items += walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), around);
      }
    }
    return items;
  };
  return walk(operation.selectionSet, schema.getRootType(operation.operation) ?? undefined, 1);
}

/** AppSync's answer shape for a request over the list items' budget; null within it. */
export function listItemsError(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  limits: GraphQLLimits = GRAPHQL_LIMITS,
): GraphQLError | null {
  const items = listItemsOf(schema, document, operation, variables);
  return items > limits.listItems
    ? new GraphQLError(`Query exceeds the maximum allowed number of list items (${limits.listItems}): it asks for ${items}.`, {
        nodes: operation,
      })
    : null;
}
