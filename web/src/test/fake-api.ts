// Test support: the API as the web unit tests see it. It stands in for the HTTP and Amplify client
// modules (vitest.config.ts aliases lib/api/http-client and lib/api/amplify-client to it), so the real request path runs: tokens, renewal,
// error mapping, cancellation, TanStack Query. Every operation is parsed and validated against
// graphql/schema.graphql (lib/api/schema.graphql is its copy with AppSync's built-ins, kept current by
// scripts/graphql-env.test.ts), its variables too; an invalid one fails the test that sent it.
import { buildSchema, getVariableValues, parse, print, validate, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import apiSchemaSource from '../lib/api/schema.graphql?raw';
import type { EventStream } from '../lib/api/amplify-client';
import type { GraphQLCall } from '../lib/api/http-client';

/** A value becomes `{ [field]: value }`; an Error is thrown; a function answers from the variables (and may return a promise). */
export type FakeAnswer = unknown;
type Variables = Record<string, unknown> | undefined;

interface Call {
  field: string;
  variables: Variables;
  aborted: boolean;
}

let answers = new Map<string, FakeAnswer[]>();
let calls: Call[] = [];
let listeners: { field: string; variables: Variables; next: (event: { data: unknown }) => void }[] = [];
const invalidOperations: string[] = [];
const schema = buildSchema(apiSchemaSource);

/** The operation's root field, after checking the document and variables against the schema. */
function checkedField(call: GraphQLCall): string {
  const document: DocumentNode = parse(print(call.query as DocumentNode));
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  const problems = [
    ...validate(schema, document).map((error) => error.message),
    ...(operation ? (getVariableValues(schema, operation.variableDefinitions ?? [], call.variables ?? {}).errors ?? []) : []).map(
      (e) => e.message,
    ),
  ];
  if (problems.length) {
    const report = `${operation?.name?.value ?? 'anonymous operation'}: ${problems.join('; ')}`;
    invalidOperations.push(report);
    throw new Error(`Invalid GraphQL operation: ${report}`);
  }
  const first = operation?.selectionSet.selections[0];
  return first?.kind === 'Field' ? first.name.value : '';
}

const abortError = () => Object.assign(new Error('Request aborted'), { name: 'CanceledError' });

export async function query(call: GraphQLCall, signal?: AbortSignal): Promise<{ data: unknown }> {
  const field = checkedField(call);
  const record: Call = { field, variables: call.variables, aborted: false };
  calls.push(record);
  const queue = answers.get(field);
  const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
  const pending = Promise.resolve(typeof answer === 'function' ? (answer as (v: Variables) => unknown)(call.variables) : answer);
  const aborted = new Promise<never>((_, reject) => {
    const abort = () => ((record.aborted = true), reject(abortError()));
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
  });
  const value = await Promise.race([pending, aborted]);
  if (value instanceof Error) throw value;
  return { data: { [field]: value ?? null } };
}

export function listen(call: GraphQLCall): EventStream {
  const field = checkedField(call);
  return {
    subscribe(observer) {
      const listener = { field, variables: call.variables, next: observer.next };
      listeners.push(listener);
      return { unsubscribe: () => (listeners = listeners.filter((l) => l !== listener)) };
    },
  };
}

let connectionListeners: (() => void)[] = [];

/** As the Amplify client: `listener` runs when the real-time connection comes back (restoreConnection). */
export function onConnectionRestored(listener: () => void): () => void {
  connectionListeners.push(listener);
  return () => (connectionListeners = connectionListeners.filter((l) => l !== listener));
}

/** The real-time connection comes back after a disruption. */
export const restoreConnection = (): void => connectionListeners.forEach((listener) => listener());

/**
 * Answers each operation by its root field (a list: one answer per call, the last one repeated).
 * Operations without an answer get null, as the API gives anonymous `me`.
 */
export function answerOperations(byField: Record<string, FakeAnswer>) {
  answers = new Map(Object.entries(byField).map(([field, answer]) => [field, Array.isArray(answer) ? [...answer] : [answer]]));
  return { calls: callsOf };
}

/** The variables of each call of `field`, in order. */
export const callsOf = (field: string): Variables[] => calls.filter((c) => c.field === field).map((c) => c.variables);

/** How many calls of `field` were cancelled before their answer came. */
export const abortedCallsOf = (field: string): number => calls.filter((c) => c.field === field && c.aborted).length;

/** The variables of the open subscriptions to `field`. */
export const subscriptionsTo = (field: string): Variables[] => listeners.filter((l) => l.field === field).map((l) => l.variables);

/** Delivers a subscription event to every open subscription to `field`. */
export function emit(field: string, value: unknown): void {
  listeners.filter((l) => l.field === field).forEach((l) => l.next({ data: { [field]: value } }));
}

/** Forgets answers, calls and subscriptions; returns the invalid operations sent since the last reset. */
export function resetFakeApi(): string[] {
  answers = new Map();
  calls = [];
  listeners = [];
  connectionListeners = [];
  return invalidOperations.splice(0);
}
