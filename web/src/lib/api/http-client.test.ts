import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, mockFetch, text } from '../../test/helpers';
import { graphql } from './documents';
import { toApiError } from './errors';
// The file itself: the tests' alias (vitest.config.ts) sends `./http-client` to the fake API.
import { query } from './http-client.ts';

vi.mock('../config', () => ({ loadRuntimeConfig: () => Promise.resolve({ graphqlEndpoint: '/graphql' }) }));

const AD = graphql(`
  query TestAd($id: ID!) {
    ad(id: $id) {
      id
    }
  }
`);
const call = { query: AD, variables: { id: 'ad-1' }, authToken: 'Bearer jwt' };

describe('http-client query', () => {
  beforeEach(() => vi.unstubAllGlobals());

  it('posts the printed operation and its variables with the authorization the Lambda authorizer reads', async () => {
    const fetchMock = mockFetch({ 'POST /graphql': json({ data: { ad: { id: 'ad-1' } } }) });
    await expect(query(call)).resolves.toEqual({ data: { ad: { id: 'ad-1' } } });
    const [body] = callsTo(fetchMock, 'POST', '/graphql') as Array<{ query: string; variables: unknown }>;
    expect(body!.query).toMatch(/^query TestAd\(\$id: ID!\) \{\s+ad\(id: \$id\)/);
    expect(body!.variables).toEqual({ id: 'ad-1' });
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('authorization')).toBe('Bearer jwt');
  });

  it('throws the GraphQL errors, which keep their code and fields', async () => {
    mockFetch({
      'POST /graphql': json({ data: { ad: null }, errors: [{ message: 'Nope', errorType: 'AD_NOT_FOUND', errorInfo: { fields: [] } }] }),
    });
    const error = toApiError(await query(call).catch((thrown: unknown) => thrown));
    expect(error).toMatchObject({ code: 'AD_NOT_FOUND', message: 'Nope', unauthorized: false });
  });

  it('reports an HTTP 401 as a refused token, with or without a GraphQL body', async () => {
    mockFetch({ 'POST /graphql': [text('Unauthorized', 401), json({ errors: [{ message: 'You are not authorized' }] }, 401)] });
    expect(toApiError(await query(call).catch((thrown: unknown) => thrown)).unauthorized).toBe(true);
    expect(toApiError(await query(call).catch((thrown: unknown) => thrown))).toMatchObject({
      message: 'You are not authorized',
      unauthorized: true,
    });
  });

  it('fails with the status when the answer is not GraphQL (a gateway error page)', async () => {
    mockFetch({ 'POST /graphql': text('Bad gateway', 502) });
    await expect(query(call)).rejects.toThrow('POST /graphql answered 502');
  });

  it('cancels the request when its signal aborts', async () => {
    const fetchMock = vi.fn(
      (_: unknown, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const pending = query(call, controller.signal);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
