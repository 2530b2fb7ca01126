// AppSync's HTTP semantics on a small schema with stub Lambdas: the events the Lambdas receive,
// the AWS scalars, and how results and failures come back.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
  type Query { item(input: ItemInput): Item unresolved: String boom: String }
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
const functions: LambdaFunctions = {
  authorizer: stub('authorizer', (event) => ({
    isAuthorized: event.authorizationToken === 'good',
    resolverContext: { userId: 'u1', role: 'USER' },
  })),
  resolvers: new Map([
    ['Query.item', items],
    ['Mutation.saveItem', items],
    [
      'Query.boom',
      stub('boom', () => {
        throw new Error('kaboom');
      }),
    ],
  ]),
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

  it('refuses the request with 401 when the authorizer does, without running resolvers', async () => {
    const { status, body } = await post('{ item { id } }', undefined, 'bad');
    expect(status).toBe(401);
    expect(body).toEqual({ errors: [{ errorType: 'UnauthorizedException', message: 'You are not authorized to make this call.' }] });
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
          message: expect.stringMatching(/^Validation error of type WrongType: .*AWSEmail/),
        },
      ],
    });
    expect(events.map((e) => e.lambda)).toEqual(['authorizer']);
  });
});
