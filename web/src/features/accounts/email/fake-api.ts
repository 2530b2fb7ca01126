// Test support: answers the mocked graphqlRequest by the operation's first field (`confirmEmail`, `me`…).
// The test file mocks the module itself: vi.mock('…/lib/api/graphql', () => ({ graphqlRequest: vi.fn(), subscribe: () => () => {} })).
import { vi } from 'vitest';
import { graphqlRequest } from '../../../lib/api/graphql';

type Variables = Record<string, unknown> | undefined;
/** A value becomes `{ [field]: value }`; an Error is thrown; a function answers from the variables. */
export type FakeAnswer = unknown;

const fieldOf = (query: string) => /{\s*(\w+)/.exec(query)?.[1] ?? '';

/**
 * Answers each operation with its answer (a list: one per call, the last one repeated). Operations
 * without an answer get null, as the API gives anonymous `me`. Returns the variables each field got.
 */
export function answerOperations(answers: Record<string, FakeAnswer>) {
  const queues = new Map(Object.entries(answers).map(([field, answer]) => [field, Array.isArray(answer) ? [...answer] : [answer]]));
  const request = vi.mocked(graphqlRequest);
  request.mockReset();
  request.mockImplementation(async (query: string, variables?: Variables) => {
    const field = fieldOf(query);
    const queue = queues.get(field);
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (answer instanceof Error) throw answer;
    return { [field]: typeof answer === 'function' ? (answer as (v: Variables) => unknown)(variables) : (answer ?? null) };
  });
  return {
    /** The variables of each call of `field`, in order. */
    calls: (field: string) => request.mock.calls.filter(([query]) => fieldOf(query) === field).map(([, variables]) => variables),
  };
}
