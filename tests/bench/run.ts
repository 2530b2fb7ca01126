// `npm run bench`: seeds a large account base into DynamoDB Local and prints figures — e-mail
// lookup (the login path) against a naive full-scan baseline measured in the same run, login and
// `me` through the real handlers, the ad detail query among 100,000 ads, then the bundle sizes of
// every Lambda and web chunk. The ad search has its own benchmark (search.ts), run after this one.
// Benchmarks print numbers; nothing here asserts a timing.

import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { ResolverEvent } from '../../functions/handlers/shared/resolver';
import { useLocalAdapters } from '../../functions/adapters/local-host';
import { ensureTable } from '../../functions/data/ensure-table';
import { emailKey, userKey } from '../../functions/data/keys';
import { localClient, startDynamoDbLocal } from '../../infra/local/dynamodb-local';
import { lambdaBundleSizes, printSizes, webChunkSizes } from './bundle-sizes';
import { ms, time } from './stats';

const USERS = Number(process.env.BENCH_USERS ?? 20_000);
const ADS = Number(process.env.BENCH_ADS ?? 100_000);
const root = fileURLToPath(new URL('../..', import.meta.url));

const dynamo = await startDynamoDbLocal();
const tableName = 'bench';
Object.assign(process.env, {
  TABLE_NAME: tableName,
  DYNAMODB_ENDPOINT: dynamo.endpoint,
  AWS_REGION: 'ca-central-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
  MAIL_ADAPTER: 'outbox',
  OUTBOX_DIR: `${root}.data/bench-outbox`,
  APP_VERSION: 'bench',
  METRICS_ADAPTER: 'recorder',
});
useLocalAdapters();

try {
  const client = localClient(dynamo.endpoint);
  await ensureTable(client, tableName);
  const doc = DynamoDBDocumentClient.from(client);
  const { seedDemoData } = await import('../../functions/domain/accounts/demo-seed');
  await seedDemoData();

  // Bulk accounts, written directly (user item + e-mail uniqueness item), as a busy year would leave them.
  const seedStart = performance.now();
  const items = [];
  for (let i = 0; i < USERS; i++) {
    const id = `bench-${i}`;
    const email = `membre${i}@exemple.org`;
    items.push({
      ...userKey(id),
      type: 'User',
      id,
      email,
      role: 'USER',
      passwordHash: 'x',
      firstName: 'Membre',
      lastName: String(i),
      publicName: `Membre ${i}`,
      language: 'fr',
      emailConfirmed: true,
      phoneVerified: false,
      lockedOut: false,
      failedLogins: 0,
      firstLoginModalClosed: true,
      createdAt: new Date().toISOString(),
    });
    items.push({ ...emailKey(email), type: 'Email', userId: id });
  }
  for (let i = 0; i < items.length; i += 25) {
    await doc.send(
      new BatchWriteCommand({ RequestItems: { [tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
    );
  }
  console.log(`Seeded ${USERS} accounts (${items.length} items) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s\n`);

  const { findUserByEmail } = await import('../../functions/data/users');
  const pick = (i: number) => `membre${(i * 7919) % USERS}@exemple.org`;
  const indexed = await time(300, (i) => findUserByEmail(pick(i)));
  const scanBaseline = await time(5, async (i) => {
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await doc.send(
        new ScanCommand({
          TableName: tableName,
          FilterExpression: 'email = :e',
          ExpressionAttributeValues: { ':e': pick(i) },
          ExclusiveStartKey,
        }),
      );
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
  });
  console.log(`Account lookup by e-mail among ${USERS} accounts`);
  console.log(`  key lookup (login path)      ${ms(indexed)}`);
  console.log(`  full-scan baseline           ${ms(scanBaseline)}\n`);

  const token = await import('../../functions/handlers/token');
  const accounts = await import('../../functions/handlers/accounts');
  // Each login from an address of its own, as the logins of many people (the limits count per source).
  let logins = 0;
  const loginEvent = (username: string) =>
    ({
      rawPath: '/token/login',
      requestContext: { http: { method: 'POST', sourceIp: `10.0.0.${++logins}` } },
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'Demo-Partage-2026', deviceId: 'partage-web-bench' }),
      isBase64Encoded: false,
    }) as unknown as APIGatewayProxyEventV2;
  const login = await time(30, () => token.handler(loginEvent('locataire@exemple.ca')));
  const loginResult = (await token.handler(loginEvent('locataire@exemple.ca'))) as { body: string };
  const { token: jwt } = JSON.parse(loginResult.body) as { token: string };
  const authorizer = await import('../../functions/handlers/authorizer');
  const authorized = (await authorizer.handler({ authorizationToken: `Bearer ${jwt}` } as never)) as {
    resolverContext: Record<string, string>;
  };
  const meEvent = {
    arguments: {},
    identity: { resolverContext: authorized.resolverContext },
    source: null,
    info: { fieldName: 'me', parentTypeName: 'Query', variables: {}, selectionSetList: ['id', 'type'], selectionSetGraphQL: '{ id type }' },
    request: { headers: {} },
    prev: null,
    stash: {},
  } as ResolverEvent;
  const me = await time(300, () => accounts.handler(meEvent));
  // Every GraphQL request passes the authorizer (cached up to 60 s on AWS): it now reads the session.
  const authorize = await time(300, () => authorizer.handler({ authorizationToken: `Bearer ${jwt}` } as never));

  // A page of 20 rows of the admin user list with its field resolver (UserSummary.acceptedTos):
  // one batched call (one BatchGetItem) against 20 single calls (the N+1 a per-row resolver would make).
  const admin = await import('../../functions/handlers/admin');
  const adminContext = { userId: 'bench-admin', role: 'ADMIN', sessionId: '' };
  const rowEvent = (i: number) =>
    ({
      ...meEvent,
      identity: { resolverContext: adminContext },
      source: { id: `bench-${(i * 7919) % USERS}`, type: 'USER' },
      info: { ...meEvent.info, fieldName: 'acceptedTos', parentTypeName: 'UserSummary' },
    }) as ResolverEvent;
  const page = (offset: number) => Array.from({ length: 20 }, (_, i) => rowEvent(offset * 20 + i));
  const batched = await time(100, (i) => admin.handler(page(i)));
  const oneByOne = await time(100, (i) => Promise.all(page(i).map((event) => admin.handler(event))));

  console.log('Handlers (in process, DynamoDB Local)');
  console.log(`  POST /token/login (scrypt)   ${ms(login)}`);
  console.log(`  authorizer (session check)   ${ms(authorize)}`);
  console.log(`  Query.me                     ${ms(me)}`);
  console.log(`  acceptedTos, 20 rows batched ${ms(batched)}`);
  console.log(`  acceptedTos, 20 single calls ${ms(oneByOne)}\n`);

  // The ad detail (Query.ad through the ads handler) among ADS published ads, written straight to the
  // table: one ad made by the domain, copied under new ids, BatchWrite by 25 with 16 in flight.
  const { createAd } = await import('../../functions/domain/ads/ads');
  const { adItem, getAd } = await import('../../functions/data/ads');
  const { adInput } = await import('../../functions/testing/ad-input');
  const ads = await import('../../functions/handlers/ads');
  const model = (await getAd((await createAd({ userId: 'bench-0', role: 'USER' }, adInput())).id))!;
  const adStart = performance.now();
  const adId = (i: number) => `bench-ad-${i}`;
  const adBatch = (start: number) =>
    Array.from({ length: Math.min(25, ADS - start) }, (_, k) => {
      const i = start + k;
      const at = new Date(Date.parse(model.createdAt) - i * 60_000).toISOString();
      return {
        PutRequest: {
          Item: adItem({ ...model, id: adId(i), ownerId: `bench-${i % USERS}`, published: true, publishedAt: at, createdAt: at }),
        },
      };
    });
  let nextBatch = 0;
  const writer = async () => {
    for (let start = nextBatch; start < ADS; start = nextBatch) {
      nextBatch += 25;
      let pending: unknown[] = adBatch(start);
      while (pending.length) {
        const { UnprocessedItems } = await doc.send(new BatchWriteCommand({ RequestItems: { [tableName]: pending as never } }));
        pending = UnprocessedItems?.[tableName] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, writer));
  console.log(`Seeded ${ADS} published ads in ${((performance.now() - adStart) / 1000).toFixed(1)} s`);
  const adEvent = (id: string) => ({ ...meEvent, info: { ...meEvent.info, fieldName: 'ad' }, arguments: { id } }) as ResolverEvent;
  if (!(await ads.handler(adEvent(adId(ADS - 1))))) throw new Error('The ad detail query found no ad');
  const adDetail = await time(500, (i) => ads.handler(adEvent(adId((i * 7919) % ADS))));
  console.log(`  Query.ad among ${ADS} ads        ${ms(adDetail)}`);
  console.log('  (the ad search: npm run bench:search, run next)\n');

  console.log('Lambda bundles (esbuild, minified, @aws-sdk external)');
  printSizes(await lambdaBundleSizes(root));
  const dist = `${root}web/dist`;
  if (existsSync(dist)) {
    console.log('\nWeb app chunks (web/dist/assets)');
    printSizes(webChunkSizes(dist));
  } else {
    console.log('\nWeb app not built: run `npm run build` for chunk sizes.');
  }
  client.destroy();
} finally {
  await dynamo.stop();
}
