// AppSync's HTTP semantics on a small schema with stub Lambdas: the events the Lambdas receive,
// the AWS scalars, and how results and failures come back.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GRAPHQL_LIMITS } from '../shared/graphql-limits';
import { createAppSyncHttpHandler } from './appsync-http';
import { buildAppSyncSchema } from './appsync-schema';
import type { Lambda, LambdaFunctions } from './lambda-functions';

const SDL = `
  type Owner { name: String email: AWSEmail }
  type Item { id: ID! when: AWSDateTime meta: AWSJSON owner: Owner }
  input ItemInput {
    email: AWSEmail date: AWSDate time: AWSTime dateTime: AWSDateTime timestamp: AWSTimestamp
    json: AWSJSON url: AWSURL phone: AWSPhone ip: AWSIPAddress
  }
  type Row { id: ID! badge: String children: [Row!] }
  type Query { item(input: ItemInput): Item unresolved: String boom: String rows: [Row!]! page(limit: Int): [Row!] }
  type Mutation { saveItem(input: ItemInput): Item }
  type Subscription { onSaveItem(id: ID): Item @aws_subscribe(mutations: ["saveItem"]) }
`;

const ITEM = {
  id: 'i1',
  when: '2026-03-01T10:00:00Z',
  meta: { a: 1 },
  owner: { name: 'Ann', email: 'ann@exemple.ca', secret: 'x' },
  extra: 'y',
};

let events: Record<string, unknown>[];
let result: unknown;
const published: [string, unknown][] = [];

function stub(name: string, respond: (event: Record<string, unknown>) => unknown): Lambda {
  return {
    name,
    invoke: async (event) => {
      events.push({ lambda: name, ...(event as Record<string, unknown>) });
      return respond(event as Record<string, unknown>);
    },
  };
}

const items = stub('items', () => result);

// 20 rows of two children each; Row.badge is a field resolver, refused for the row r3.
const ROWS = Array.from({ length: 20 }, (_, i) => ({ id: `r${i}`, children: [{ id: `r${i}a` }, { id: `r${i}b` }] }));
let badgeBatches: { source: { id: string }; info: { parentTypeName: string; fieldName: string } }[][];
const badges: Lambda = {
  name: 'badges',
  invoke: async (batch) => {
    badgeBatches.push(batch as (typeof badgeBatches)[number]);
    return badgeBatches
      .at(-1)!
      .map(({ source }) =>
        source.id === 'r3' ? { __error: { code: 'UNAUTHORIZED_ACCESS', message: 'Not yours', fields: [] } } : `badge of ${source.id}`,
      );
  },
};
const functions: LambdaFunctions = {
  authorizer: stub('authorizer', (event) => ({
    isAuthorized: event.authorizationToken === 'good',
    resolverContext: { userId: 'u1', role: 'USER' },
  })),
  resolvers: new Map([
    ['Query.item', items],
    ['Query.rows', stub('rows', () => ROWS)],
    ['Row.badge', badges],
    ['Mutation.saveItem', items],
    [
      'Query.boom',
      stub('boom', () => {
        throw new Error('kaboom');
      }),
    ],
  ]),
  fieldBatchSize: 25,
  httpRoutes: [],
  jobHandlers: new Map(),
};

let server: Server;
let url: string;

beforeAll(async () => {
  const handler = createAppSyncHttpHandler({
    api: buildAppSyncSchema(SDL),
    functions,
    publish: (field, value) => published.push([field, value]),
  });
  server = createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  events = [];
  badgeBatches = [];
  result = ITEM;
});

async function post(query: string, variables?: Record<string, unknown>, authorization = 'good') {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization, 'x-trace': 't1' },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data?: Record<string, unknown> | null; errors?: Record<string, unknown>[] },
  };
}

describe('the Lambdas AppSync calls', () => {
  it('calls the authorizer with the token, the operation and the headers', async () => {
    await post('query Get($input: ItemInput) { item(input: $input) { id } }', { input: { email: 'a@b.ca' } });
    expect(events[0]).toEqual({
      lambda: 'authorizer',
      authorizationToken: 'good',
      requestContext: {
        apiId: 'local',
        accountId: '000000000000',
        requestId: expect.any(String),
        queryString: 'query Get($input: ItemInput) { item(input: $input) { id } }',
        variables: { input: { email: 'a@b.ca' } },
      },
      requestHeaders: expect.objectContaining({ authorization: 'good', 'x-trace': 't1' }),
    });
  });

  it('calls a root field’s resolver with a direct-Lambda event', async () => {
    const query = 'query ($input: ItemInput) { item(input: $input) { id owner { ... on Owner { name } } meta } }';
    await post(query, { input: { json: '{"k":[1,2]}' } });
    expect(events[1]).toEqual({
      lambda: 'items',
      arguments: { input: { json: { k: [1, 2] } } },
      identity: { resolverContext: { userId: 'u1', role: 'USER' } },
      source: null,
      info: {
        fieldName: 'item',
        parentTypeName: 'Query',
        variables: { input: { json: '{"k":[1,2]}' } },
        selectionSetList: ['id', 'owner', 'owner/name', 'meta'],
        selectionSetGraphQL: '{\n  id\n  owner {\n    ... on Owner {\n      name\n    }\n  }\n  meta\n}',
      },
      request: { headers: expect.objectContaining({ 'x-trace': 't1' }), domainName: null },
      prev: null,
      stash: {},
    });
  });

  it('gives resolvers the caller’s address in x-forwarded-for, from the socket, as AppSync does', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'good', 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ query: '{ item { id } }' }),
    });
    expect(response.status).toBe(200);
    expect((events[1]!.request as { headers: Record<string, string> }).headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('refuses the request with 401 when the authorizer does, without running resolvers', async () => {
    const { status, body } = await post('{ item { id } }', undefined, 'bad');
    expect(status).toBe(401);
    expect(body).toEqual({
      errors: [
        {
          errorType: 'UnauthorizedException',
          message: 'You are not authorized to make this call.',
          extensions: { code: 'UNAUTHENTICATED', fields: [] },
        },
      ],
    });
    expect(events.map((e) => e.lambda)).toEqual(['authorizer']);
  });
});

describe('results', () => {
  it('resolves nested fields by property and serializes AWSJSON as a string', async () => {
    const { body } = await post('{ item { id when meta owner { name email } } unresolved }');
    expect(body).toEqual({
      data: {
        item: { id: 'i1', when: '2026-03-01T10:00:00Z', meta: '{"a":1}', owner: { name: 'Ann', email: 'ann@exemple.ca' } },
        unresolved: null,
      },
    });
  });

  it('reports a Lambda that throws as Lambda:Unhandled', async () => {
    const { body } = await post('{ boom }');
    expect(body).toEqual({
      data: { boom: null },
      errors: [
        {
          path: ['boom'],
          locations: [{ line: 1, column: 3, sourceName: null }],
          message: 'kaboom',
          data: null,
          errorType: 'Lambda:Unhandled',
          errorInfo: null,
          extensions: { code: 'INTERNAL', fields: [] },
        },
      ],
    });
  });

  it('refuses a result that is not a valid AWS scalar', async () => {
    result = { ...ITEM, when: 'yesterday' };
    const { body } = await post('{ item { when } }');
    expect(body.errors).toEqual([
      expect.objectContaining({ path: ['item', 'when'], message: expect.stringContaining('as a valid AWSDateTime') }),
    ]);
  });

  it('hands a mutation’s result, limited to its selection set, to the subscribers', async () => {
    published.length = 0;
    await post('mutation { saveItem { id owner { name } } }');
    expect(published).toEqual([['saveItem', { id: 'i1', owner: { name: 'Ann' } }]]);
  });
});

describe('field resolvers on type fields', () => {
  it('call the Lambda once for a list, with one event per parent (its source), like BatchInvoke', async () => {
    const { body } = await post('{ rows { id badge } }');
    expect(badgeBatches.map((batch) => batch.length)).toEqual([20]);
    expect(badgeBatches[0]!.map((event) => event.source.id)).toEqual(ROWS.map((row) => row.id));
    expect(badgeBatches[0]![0]).toMatchObject({
      arguments: {},
      identity: { resolverContext: { userId: 'u1', role: 'USER' } },
      source: ROWS[0],
      info: { parentTypeName: 'Row', fieldName: 'badge', selectionSetList: [] },
    });
    const rows = (body.data as { rows: { id: string; badge: string | null }[] }).rows;
    expect(rows[0]).toEqual({ id: 'r0', badge: 'badge of r0' });
    expect(rows.filter((row) => row.badge === null).map((row) => row.id)).toEqual(['r3']);
  });

  it('split what is pending at once into batches of at most fieldBatchSize', async () => {
    const { body } = await post('{ rows { badge children { badge } } }');
    // The 20 rows and their 40 children are all known in the same turn: 60 events, by 25.
    expect(badgeBatches.map((batch) => batch.length)).toEqual([25, 25, 10]);
    expect(new Set(badgeBatches.flat().map((event) => event.source.id)).size).toBe(60);
    const rows = (body.data as { rows: { children: { badge: string }[] }[] }).rows;
    expect(rows[19]!.children).toEqual([{ badge: 'badge of r19a' }, { badge: 'badge of r19b' }]);
  });

  it('report the error of one item at its own path, the other items resolved', async () => {
    const { body } = await post('{ rows { badge } }');
    expect(body.errors).toEqual([
      {
        path: ['rows', 3, 'badge'],
        locations: [{ line: 1, column: 10, sourceName: null }],
        message: 'Not yours',
        data: null,
        errorType: 'UNAUTHORIZED_ACCESS',
        errorInfo: { code: 'UNAUTHORIZED_ACCESS', fields: [] },
        extensions: { code: 'UNAUTHORIZED_ACCESS', fields: [] },
      },
    ]);
    expect((body.data as { rows: unknown[] }).rows[4]).toEqual({ badge: 'badge of r4' });
  });

  it('read a field without a resolver from the parent', async () => {
    const { body } = await post('{ rows { id } }');
    expect((body.data as { rows: unknown[] }).rows).toHaveLength(20);
    expect(badgeBatches).toEqual([]);
  });
});

describe('AWS scalars', () => {
  const cases: [string, unknown[], unknown[]][] = [
    ['email', ['a@b', 'ann@exemple.ca'], ['ann', 'a b@c.ca', 'a@b@c']],
    ['date', ['2026-02-28', '2026-02-28Z', '2026-02-28-05:00'], ['2026-02-30', '2026-2-28', '28/02/2026']],
    ['time', ['12:30', '12:30:15', '12:30:15.123Z', '23:59:59+05:30'], ['24:00', '12', '12:30pm']],
    ['dateTime', ['2026-02-28T12:30Z', '2026-02-28T12:30:15.5-05:00'], ['2026-02-28T12:30', '2026-02-28', '2026-02-30T12:30Z']],
    ['timestamp', [0, 1767225600], ['1767225600', 1.5]],
    ['json', ['{"a":1}', '[1]', '"text"', 'null'], ['{a:1}', '']],
    ['url', ['https://exemple.ca/a?b=c', 'mailto:ann@exemple.ca'], ['exemple.ca', 'https://exemple.ca//a']],
    ['phone', ['+1 514 555-0123', '5145550123'], ['514.555.0123', '(514) 555-0123', '12']],
    ['ip', ['127.0.0.1', '10.0.0.0/8', '::1', '2001:db8::/32'], ['256.0.0.1', '10.0.0.0/33', 'localhost']],
  ];

  it.each(cases)('%s: accepts valid variables and refuses the others AppSync’s way', async (field, valid, invalid) => {
    const query = 'query ($input: ItemInput) { item(input: $input) { id } }';
    for (const value of valid) {
      const { body } = await post(query, { input: { [field]: value } });
      expect(body, `${field} ${JSON.stringify(value)}`).toEqual({ data: { item: { id: 'i1' } } });
    }
    for (const value of invalid) {
      const { body } = await post(query, { input: { [field]: value } });
      expect(body, `${field} ${JSON.stringify(value)}`).toEqual({
        data: null,
        errors: [
          {
            path: null,
            locations: null,
            errorType: 'ValidationError',
            extensions: { code: 'VALIDATION_FAILED', fields: [] },
            message: expect.stringMatching(/^Variable 'input' has an invalid value\. Unable to parse .* as a valid AWS/),
          },
        ],
      });
    }
  });

  it('refuses an invalid literal as a WrongType validation error', async () => {
    const { body } = await post('{ item(input: { email: "not-an-email" }) { id } }');
    expect(body).toEqual({
      data: null,
      errors: [
        {
          path: null,
          locations: [{ line: 1, column: 24, sourceName: null }],
          errorType: 'ValidationError',
          extensions: { code: 'VALIDATION_FAILED', fields: [] },
          message: expect.stringMatching(/^Validation error of type WrongType: .*AWSEmail/),
        },
      ],
    });
    expect(events.map((e) => e.lambda)).toEqual(['authorizer']);
  });
});

describe('a document sent again (its text checked once, as AppSync caches it)', () => {
  it('coerces each request’s own variables, and refuses an invalid document again with the same named errors', async () => {
    const query = 'query Save($input: ItemInput) { item(input: $input) { id } }';
    expect((await post(query, { input: { email: 'ann@exemple.ca' } })).body).toEqual({ data: { item: { id: 'i1' } } });
    const refused = await post(query, { input: { email: 'not-an-email' } });
    expect(refused.body.errors?.[0]?.message).toMatch(/^Variable 'input' has an invalid value\./);
    expect((await post(query, { input: { email: 'bob@exemple.ca' } })).body).toEqual({ data: { item: { id: 'i1' } } });
    expect(events.filter((e) => e.lambda === 'items').map((e) => (e.arguments as { input: unknown }).input)).toEqual([
      { email: 'ann@exemple.ca' },
      { email: 'bob@exemple.ca' },
    ]);

    // Two errors of two rules, named as AppSync names them, each time the text comes.
    const invalid = '{ item { nope } unknown }';
    const first = await post(invalid);
    expect(first.body.errors?.map((error) => (error.message as string).split(':')[0])).toEqual([
      'Validation error of type FieldUndefined',
      'Validation error of type FieldUndefined',
    ]);
    expect(await post(invalid)).toEqual(first);
  });
});

describe('limits of work per request (AppSync’s queryDepthLimit and resolverCountLimit)', () => {
  const refusedWith = (message: RegExp) => ({
    data: null,
    errors: [
      expect.objectContaining({
        errorType: 'ValidationError',
        message: expect.stringMatching(message),
        extensions: { code: 'VALIDATION_FAILED', fields: [] },
      }),
    ],
  });

  it('refuses a document nested 1,000 levels deep before running anything, and keeps serving', async () => {
    const deep = `{ item { owner ${'{ name '.repeat(1000)}${'}'.repeat(1000)} } }`;
    const { status, body } = await post(deep);
    expect(status).toBe(200);
    expect(body).toEqual(refusedWith(/depth|nested|token/i));
    expect(events.map((e) => e.lambda)).toEqual(['authorizer']);
    expect((await post('{ item { id } }')).body).toEqual({ data: { item: { id: 'i1' } } });
  });

  it(`refuses more than ${GRAPHQL_LIMITS.queryDepth} levels, and more than ${GRAPHQL_LIMITS.resolverCount} resolvers through aliases`, async () => {
    const nested = (levels: number) => `{ ${'item { owner { '.repeat(levels / 2)}name${' } }'.repeat(levels / 2)} }`;
    expect((await post(nested(GRAPHQL_LIMITS.queryDepth + 2))).body).toEqual(refusedWith(/maximum allowed depth of 12/));
    const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: item { id }`).join(' ')} }`;
    expect((await post(aliases(GRAPHQL_LIMITS.resolverCount + 1))).body).toEqual(
      refusedWith(new RegExp(`resolver count of ${GRAPHQL_LIMITS.resolverCount}`)),
    );
    expect((await post(aliases(5000))).body).toEqual(refusedWith(/more that 10000 tokens/));
    const nestedAliases = `{ item { ${Array.from({ length: GRAPHQL_LIMITS.aliases + 1 }, (_, i) => `a${i}: id`).join(' ')} } }`;
    expect((await post(nestedAliases)).body).toEqual(refusedWith(/number of aliases \(30\)/));
    expect(events.map((e) => e.lambda)).toEqual(['authorizer', 'authorizer', 'authorizer', 'authorizer']);
    const { body } = await post(aliases(GRAPHQL_LIMITS.aliases));
    expect(Object.keys(body.data ?? {})).toHaveLength(GRAPHQL_LIMITS.aliases);
  });

  it(`weighs list fields by the items they ask for, against ${GRAPHQL_LIMITS.listItems} a request (issue 22, finding 8)`, async () => {
    const pages = (count: number, limit: number) =>
      `{ ${Array.from({ length: count }, (_, i) => `a${i}: page(limit: ${limit}) { id }`).join(' ')} }`;
    // 30 aliases of a page of 50 once returned 187 KB in 2.5 s: 1,500 items.
    expect((await post(pages(30, 50))).body).toEqual(refusedWith(/maximum allowed number of list items/));
    // Through a variable, through a fragment, and a page without a limit weighs the largest default page.
    const variable = await post('query ($n: Int) { page(limit: $n) { id } }', { n: GRAPHQL_LIMITS.listItems + 1 });
    expect(variable.body).toEqual(refusedWith(/list items/));
    const fragment = await post(
      `{ ...P } fragment P on Query { ${Array.from({ length: 30 }, (_, i) => `a${i}: page(limit: 50) { id }`).join(' ')} }`,
    );
    expect(fragment.body).toEqual(refusedWith(/list items/));
    expect(events.filter((e) => e.lambda !== 'authorizer')).toEqual([]);
    // Within the budget, it runs.
    expect((await post(pages(2, 50))).body).toEqual({ data: { a0: null, a1: null } });
    expect((await post('{ page { id } }')).body).toEqual({ data: { page: null } });
  });

  it('stops a fragment that doubles at every level', async () => {
    const levels = 30;
    const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Item { ...F${i + 1} ...F${i + 1} }`).join('\n');
    const { body } = await post(`{ item { ...F0 } }\n${fragments}\nfragment F${levels} on Item { id }`);
    expect(body).toEqual(refusedWith(/number of fields/));
  });

  it('refuses fragments that spread each other, without following them forever', async () => {
    const { body } = await post('{ item { ...A } }\nfragment A on Item { id ...B }\nfragment B on Item { id ...A }');
    expect(body).toEqual(refusedWith(/FragmentCycle/));
  });

  it('answers 400 for variables nested deeper than any input, without calling the authorizer', async () => {
    let variables: unknown = 'leaf';
    for (let i = 0; i < 1000; i += 1) variables = { a: variables };
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'good', 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ item { id } }', variables }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      errors: [{ errorType: 'MalformedHttpRequestException', extensions: { code: 'VALIDATION_FAILED' } }],
    });
    expect(events).toEqual([]);
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: 'good', 'content-type': 'application/json' },
      body: JSON.stringify({ query: `{ item { id } }${' '.repeat(GRAPHQL_LIMITS.bodyBytes)}` }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ errors: [{ extensions: { code: 'VALIDATION_FAILED' } }] });
    expect(events).toEqual([]);
  });
});
