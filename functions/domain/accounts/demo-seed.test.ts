import { beforeAll, describe, expect, it } from 'vitest';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { LOGIN_TEXT } from '@partage/graphql';
import { db, tableName } from '../../data/client';
import { userKey } from '../../data/keys';
import { handler as accounts } from '../../handlers/accounts';
import { handler as token } from '../../handlers/token';
import { httpEvent, resolverEvent, useTestEnvironment } from '../../testing/fixtures';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo-seed';

beforeAll(async () => {
  await useTestEnvironment();
});

const login = (username: string) => token(httpEvent('POST', '/token/login', { username, password: DEMO_PASSWORD, deviceId: 'seed-test' }));
const partition = async (userId: string) =>
  (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': userKey(userId).PK } })))
    .Items;

describe('seedDemoData', () => {
  it('creates the three demo accounts, ready to sign in', async () => {
    await seedDemoData();
    const owner = await login('proprietaire@exemple.ca');
    expect(owner.statusCode).toBe(200);
    expect((await login('locataire@exemple.ca')).statusCode).toBe(200);
    const admin = await login('admin@exemple.ca');
    expect([admin.statusCode, admin.body]).toEqual([202, LOGIN_TEXT.twoFactorSent]);

    const { sub } = decodeJwt(JSON.parse(owner.body!).token as string);
    const me = await accounts(resolverEvent('Query.me', {}, { userId: sub!, role: 'USER' }));
    expect(me).toMatchObject({
      email: 'proprietaire@exemple.ca',
      profile: { publicName: 'Cuisine collective Hochelaga', acceptedTos: { hasAcceptedLatest: true, latestVersionAvailable: '2026-01' } },
    });
  });

  it('changes nothing when run again', async () => {
    const before = await Promise.all(DEMO_USERS.map((user) => partition(user.id)));
    await seedDemoData();
    await Promise.all([seedDemoData(), seedDemoData()]);
    expect(await Promise.all(DEMO_USERS.map((user) => partition(user.id)))).toEqual(before);
  });
});
