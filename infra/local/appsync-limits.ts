// The limits AppSync applies before running a resolver (infra/shared/graphql-limits.ts): query depth,
// resolver count, plus aliases and variables nesting, checked without recursion so that a request
// nested a thousand levels deep is refused rather than crashing the host.

import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
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
