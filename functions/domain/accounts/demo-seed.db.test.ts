import { beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserPage } from '@partage/graphql';
import { decodeJwt } from 'jose';
import { LOGIN_TEXT } from '@partage/graphql';
import { db, tableName } from '../../data/client';
import { legacyUserSearchEntryKey, userKey, userWordKey } from '../../data/keys';
import { userWordsOf } from '../../data/user-directory';
import { getUser } from '../../data/users';
import { handler as accounts } from '../../handlers/accounts';
import { handler as admin } from '../../handlers/admin';
import { handler as token } from '../../handlers/token';
import { httpEvent, resolverEvent, useTestEnvironment } from '../../testing/fixtures';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo-seed';

beforeAll(async () => {
  await useTestEnvironment();
});

const login = (username: string) => token(httpEvent('POST', '/token/login', { username, password: DEMO_PASSWORD, deviceId: 'seed-test' }));
const partition = async (userId: string) =>
  (
    await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': userKey(userId).PK },
      }),
    )
  ).Items;

describe('seedDemoData', () => {
  it('creates the demo accounts, ready to sign in', async () => {
    await seedDemoData();
    const owner = await login('proprietaire@exemple.ca');
    expect(owner.statusCode).toBe(200);
    for (const user of DEMO_USERS.filter((demo) => demo.role === 'USER' && demo.id !== 'demo-proprietaire'))
      expect((await login(user.email)).statusCode, user.email).toBe(200);
    const admin = await login('admin@exemple.ca');
    expect([admin.statusCode, admin.body]).toEqual([202, LOGIN_TEXT.twoFactorSent]);

    const { sub } = decodeJwt(JSON.parse(owner.body!).token as string);
    const me = await accounts(resolverEvent('Query.me', {}, { userId: sub!, role: 'USER' }));
    expect(me).toMatchObject({
      email: 'proprietaire@exemple.ca',
      // Onboarded with the local payment simulator: the demo owner can be paid from the start.
      paymentOnboarding: 'COMPLETE',
      profile: { publicName: 'Cuisine collective Hochelaga', acceptedTos: { hasAcceptedLatest: true, latestVersionAvailable: '2026-01' } },
    });
  });

  it('changes nothing when run again', async () => {
    const before = await Promise.all(DEMO_USERS.map((user) => partition(user.id)));
    await seedDemoData();
    await Promise.all([seedDemoData(), seedDemoData()]);
    expect(await Promise.all(DEMO_USERS.map((user) => partition(user.id)))).toEqual(before);
  });

  it('lists the demo accounts for administrators, also those seeded before the user list existed', async () => {
    const listed = async () =>
      ((await admin(resolverEvent('Query.users', { limit: 100 }, { userId: 'demo-admin', role: 'ADMIN' }))) as UserPage).items.map(
        (item) => item.id,
      );
    expect(await listed()).toEqual(expect.arrayContaining(DEMO_USERS.map((user) => user.id)));

    // An account seeded by an older version: no listing attributes, per-field search entries, no word items.
    const key = userKey('demo-locataire');
    await db().send(new UpdateCommand({ TableName: tableName(), Key: key, UpdateExpression: 'REMOVE GSI1PK, GSI1SK' }));
    const user = (await getUser('demo-locataire'))!;
    for (const word of userWordsOf(user)) {
      await db().send(new DeleteCommand({ TableName: tableName(), Key: userWordKey('demo-locataire', word) }));
    }
    await db().send(
      new PutCommand({ TableName: tableName(), Item: { ...legacyUserSearchEntryKey('demo-locataire', 'email'), type: 'UserSearchEntry' } }),
    );
    const search = async (text: string) =>
      ((await admin(resolverEvent('Query.users', { search: text }, { userId: 'demo-admin', role: 'ADMIN' }))) as UserPage).items.map(
        (item) => item.id,
      );
    expect(await search('belanger')).toEqual([]);
    expect(await listed()).not.toContain('demo-locataire');
    await seedDemoData();
    expect(await listed()).toContain('demo-locataire');
    expect(await search('belanger')).toEqual(['demo-locataire']);
    const legacy = await db().send(new GetCommand({ TableName: tableName(), Key: legacyUserSearchEntryKey('demo-locataire', 'email') }));
    expect(legacy.Item).toBeUndefined();
  });
});
