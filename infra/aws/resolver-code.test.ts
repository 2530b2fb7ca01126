// The AppSync resolver code (APPSYNC_JS) evaluated in Node with a fake `util`: util.error stops the
// resolver in AppSync, so the fake throws.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RESOLVER_CODE_PATH } from './graphql-api';

class UtilError extends Error {
  constructor(readonly args: unknown[]) {
    super(String(args[0]));
  }
}

type Resolver = { request: (ctx: unknown) => unknown; response: (ctx: unknown) => unknown };

/** The filters the resolver set through extensions.setSubscriptionFilter. */
const subscriptionFilters: unknown[] = [];

function loadResolver(): Resolver {
  const source = readFileSync(RESOLVER_CODE_PATH, 'utf8')
    .replace(/^import\s.*$/m, '')
    .replace(/^export\s+function/gm, 'function');
  const util = {
    error: (...args: unknown[]) => {
      throw new UtilError(args);
    },
    // AppSync's converter wraps the object into filter groups; marking it is enough to see it was used.
    transform: { toSubscriptionFilter: (filter: unknown) => ({ converted: filter }) },
  };
  const extensions = { setSubscriptionFilter: (filter: unknown) => subscriptionFilters.push(filter) };
  return new Function('util', 'extensions', `${source}\nreturn { request, response };`)(util, extensions) as Resolver;
}

function utilErrorOf(run: () => unknown): unknown[] {
  try {
    run();
  } catch (error) {
    if (error instanceof UtilError) return error.args;
    throw error;
  }
  throw new Error('util.error was not called');
}

const MUTATION = { parentTypeName: 'Mutation', fieldName: 'updateFirstLoginModalClosed' };
const SUBSCRIPTION = { parentTypeName: 'Subscription', fieldName: 'onFirstLoginModalClosed' };

describe('resolver code', () => {
  const resolver = loadResolver();

  it('imports util from @aws-appsync/utils and uses no statement APPSYNC_JS rejects', () => {
    const source = readFileSync(RESOLVER_CODE_PATH, 'utf8').replace(/\/\/.*$/gm, '');
    expect(source).toMatch(/import \{ extensions, util \} from '@aws-appsync\/utils'/);
    expect(source).not.toMatch(/\b(try|catch|throw|while|continue|finally)\b|\+\+|--|\sin\s/);
  });

  it('invokes the Lambda with the direct-Lambda event shape', () => {
    const ctx = {
      arguments: { input: { firstLoginModalClosed: true } },
      identity: { resolverContext: { userId: 'u1', role: 'USER' } },
      source: null,
      info: { fieldName: 'updateFirstLoginModalClosed', parentTypeName: 'Mutation', variables: {}, selectionSetList: ['id'] },
      request: { headers: { authorization: 'Bearer x' }, domainName: null },
      prev: { result: {} },
      stash: { a: 1 },
    };
    expect(resolver.request(ctx)).toEqual({
      operation: 'Invoke',
      payload: {
        arguments: ctx.arguments,
        identity: ctx.identity,
        source: null,
        info: ctx.info,
        request: { headers: { authorization: 'Bearer x' } },
        prev: ctx.prev,
        stash: ctx.stash,
      },
    });
  });

  it('batches a field of a type (BatchInvoke), with the parent object as source', () => {
    const ctx = {
      arguments: {},
      identity: { resolverContext: { userId: 'a1', role: 'ADMIN' } },
      source: { id: 'u1', type: 'USER' },
      info: { fieldName: 'acceptedTos', parentTypeName: 'UserSummary', variables: {}, selectionSetList: ['hasAcceptedLatest'] },
      request: { headers: {} },
      prev: null,
      stash: {},
    };
    expect(resolver.request(ctx)).toEqual({
      operation: 'BatchInvoke',
      payload: { ...ctx, request: { headers: {} } },
    });
  });

  it('turns a ResolverErrorEnvelope into util.error(message, code, null, {code, fields})', () => {
    const fields = [{ path: 'input.newPassword', rule: 'minLength' }];
    const args = utilErrorOf(() =>
      resolver.response({ info: MUTATION, result: { __error: { code: 'VALIDATION_FAILED', message: 'Invalid input', fields } } }),
    );
    expect(args).toEqual(['Invalid input', 'VALIDATION_FAILED', null, { code: 'VALIDATION_FAILED', fields }]);
  });

  it('reports an envelope without fields with an empty list', () => {
    const args = utilErrorOf(() =>
      resolver.response({ info: MUTATION, result: { __error: { code: 'UNAUTHORIZED_ACCESS', message: 'No' } } }),
    );
    expect(args).toEqual(['No', 'UNAUTHORIZED_ACCESS', null, { code: 'UNAUTHORIZED_ACCESS', fields: [] }]);
  });

  it('passes the wait of a RATE_LIMITED envelope on in errorInfo', () => {
    const args = utilErrorOf(() =>
      resolver.response({ result: { __error: { code: 'RATE_LIMITED', message: 'Too many requests', fields: [], retryAfterSeconds: 42 } } }),
    );
    expect(args).toEqual(['Too many requests', 'RATE_LIMITED', null, { code: 'RATE_LIMITED', fields: [], retryAfterSeconds: 42 }]);
  });

  it('passes an invocation error on with its type', () => {
    const args = utilErrorOf(() =>
      resolver.response({ info: MUTATION, error: { message: 'boom', type: 'Lambda:Unhandled' }, result: null }),
    );
    expect(args).toEqual(['boom', 'Lambda:Unhandled']);
  });

  it('returns data unchanged, including null (a subscription allowed) and lists', () => {
    const me = { id: 'u1', firstLoginModalClosed: false };
    expect(resolver.response({ info: MUTATION, result: me })).toBe(me);
    expect(resolver.response({ info: SUBSCRIPTION, result: null })).toBeNull();
    expect(resolver.response({ info: MUTATION, result: [1, 2] })).toEqual([1, 2]);
    expect(resolver.response({ info: MUTATION, result: true })).toBe(true);
  });

  it("sets a Subscription field's returned filter as its enhanced subscription filter, and lets the client in", () => {
    subscriptionFilters.length = 0;
    const filter = { id: { eq: 'u1' } };
    expect(resolver.response({ info: SUBSCRIPTION, result: { __subscriptionFilter: filter } })).toBeNull();
    expect(subscriptionFilters).toEqual([{ converted: filter }]);
  });
});
