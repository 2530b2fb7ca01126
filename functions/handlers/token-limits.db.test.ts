// /token/* bodies of any size or type: a 400 naming the fields, never a 500 from DynamoDB.

import { beforeAll, describe, expect, it } from 'vitest';
import { httpEvent, useTestEnvironment } from '../testing/fixtures';
import { handler, TOKEN_BODY_MAX_LENGTHS } from './token';

beforeAll(async () => {
  await useTestEnvironment();
});

const post = async (path: string, body: unknown) => {
  const response = await handler(httpEvent('POST', path, body));
  return { status: response.statusCode, body: String(response.body) };
};
const over = (field: keyof typeof TOKEN_BODY_MAX_LENGTHS) => 'a'.repeat(TOKEN_BODY_MAX_LENGTHS[field] + 1);

describe('/token bodies', () => {
  it('refuses oversize login fields with VALIDATION_FAILED', async () => {
    const { status, body } = await post('/token/login', {
      username: `${over('username')}@exemple.ca`,
      password: over('password'),
      deviceId: over('deviceId'),
    });
    expect(status).toBe(400);
    expect(JSON.parse(body)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [
        { path: 'username', rule: 'maxLength' },
        { path: 'password', rule: 'maxLength' },
        { path: 'deviceId', rule: 'maxLength' },
      ],
    });
  });

  it('refuses an oversize refresh token or access token with VALIDATION_FAILED', async () => {
    const { status, body } = await post('/token/refresh', { token: over('token'), refreshToken: over('refreshToken'), deviceId: 'd' });
    expect(status).toBe(400);
    expect(JSON.parse(body).fields).toEqual([
      { path: 'token', rule: 'maxLength' },
      { path: 'refreshToken', rule: 'maxLength' },
    ]);
  });

  it.each([null, [], 42, 'text', { username: 1, password: true, deviceId: {} }])('answers 400 for the body %j', async (value) => {
    expect((await post('/token/login', value)).status).toBe(400);
    expect((await post('/token/refresh', value)).status).toBe(400);
  });
});
