// A field resolver on a type field, end to end on the local host: the real schema, the catalog's
// Lambdas and DynamoDB Local. A page of 20 users costs the admin Lambda two calls: Query.users, then
// one batch for the 20 rows' UserSummary.acceptedTos.

import { beforeAll, describe, expect, it } from 'vitest';
import { recordTermsAcceptance } from '@partage/functions/data/terms';
import { latestTermsVersion } from '@partage/functions/domain/accounts/terms';
import { givenUser, useTestEnvironment } from '@partage/functions/testing/fixtures';
import { executeOperation } from './appsync-execution';
import { prepareOperation, type PreparedOperation } from './appsync-operation';
import { buildAppSyncSchema } from './appsync-schema';
import { loadLambdaFunctions, type Lambda } from './lambda-functions';

const { schema } = buildAppSyncSchema();
let calls: { lambda: string; event: unknown }[];
let resolvers: Map<string, Lambda>;
let accepted: Set<string>;
let adminId: string;

beforeAll(async () => {
  await useTestEnvironment();
  const functions = await loadLambdaFunctions();
  const counted = new Map<Lambda, Lambda>();
  for (const lambda of functions.resolvers.values()) {
    counted.set(lambda, { name: lambda.name, invoke: (event) => (calls.push({ lambda: lambda.name, event }), lambda.invoke(event)) });
  }
  resolvers = new Map([...functions.resolvers].map(([field, lambda]) => [field, counted.get(lambda)!]));
  const version = await latestTermsVersion();
  accepted = new Set();
  for (let i = 0; i < 19; i++) {
    const user = await givenUser({ firstName: `Usager${i}` }, { termsAccepted: false });
    if (i % 2 === 0) {
      await recordTermsAcceptance(user.id, version, new Date().toISOString());
      accepted.add(user.id);
    }
  }
  adminId = (await givenUser({ role: 'ADMIN' })).id;
});

async function run(query: string) {
  calls = [];
  const prepared = prepareOperation(schema, { query }) as PreparedOperation;
  return executeOperation({
    schema,
    resolvers,
    prepared,
    caller: { resolverContext: { userId: adminId, role: 'ADMIN', sessionId: '' }, headers: {} },
  });
}

type Row = { id: string; type: string; acceptedTos: { id: string; hasAcceptedLatest: boolean; latestVersionAvailable: string } | null };

describe('UserSummary.acceptedTos', () => {
  it('is resolved for the whole page in one call of the admin Lambda', async () => {
    const result = await run('{ users(limit: 20) { items { id type acceptedTos { id hasAcceptedLatest latestVersionAvailable } } } }');
    expect(result.errors).toBeUndefined();
    expect(calls.map((call) => call.lambda)).toEqual(['admin', 'admin']);
    const batch = calls[1]!.event as { source: { id: string } }[];
    expect(batch).toHaveLength(20);

    const rows = (result.data as { users: { items: Row[] } }).users.items;
    expect(rows).toHaveLength(20);
    const version = await latestTermsVersion();
    for (const row of rows) {
      expect(row.acceptedTos, row.id).toEqual(
        row.type === 'ADMIN' ? null : { id: row.id, hasAcceptedLatest: accepted.has(row.id), latestVersionAvailable: version },
      );
    }
    expect(rows.filter((row) => row.acceptedTos?.hasAcceptedLatest)).toHaveLength(accepted.size);
  });

  it('is not called when the query does not ask for it', async () => {
    await run('{ users(limit: 20) { items { id } } }');
    expect(calls.map((call) => call.lambda)).toEqual(['admin']);
  });
});
