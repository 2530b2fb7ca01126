// The HTTP frame behind CloudFront: calls that skip it are refused, and the limits count the viewer's
// address CloudFront gives, not CloudFront's edge (API Gateway's sourceIp).

import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { httpEvent } from '../../testing/fixtures';
import { httpHandler, json, ORIGIN_VERIFY_HEADER, sourceAddressOf } from './http';

const EDGE = '130.176.1.1';
const handler = httpHandler(async (event) => json(200, { source: sourceAddressOf(event) }));

function call(headers: Record<string, string>) {
  const event = httpEvent('POST', '/log', [], EDGE);
  return handler({ ...event, headers: { ...event.headers, ...headers } });
}

describe('behind CloudFront (ORIGIN_VERIFY_SECRET_ARN set)', () => {
  const secrets = mockClient(SecretsManagerClient);
  beforeEach(() => {
    process.env.ORIGIN_VERIFY_SECRET_ARN = 'arn:origin-verify';
    secrets.on(GetSecretValueCommand, { SecretId: 'arn:origin-verify' }).resolves({ SecretString: 'from-cloudfront-only' });
  });
  afterEach(() => {
    delete process.env.ORIGIN_VERIFY_SECRET_ARN;
    secrets.reset();
  });

  it('refuses a call without the origin-verify value, or with another one (the execute-api address is public)', async () => {
    expect((await call({})).statusCode).toBe(403);
    expect((await call({ [ORIGIN_VERIFY_HEADER]: 'guess' })).statusCode).toBe(403);
    expect((await call({ [ORIGIN_VERIFY_HEADER]: 'from-cloudfront-only-and-more' })).statusCode).toBe(403);
  });

  it("counts the viewer's address CloudFront sends, IPv4 or IPv6 (by its /64), not the edge's", async () => {
    const verified = { [ORIGIN_VERIFY_HEADER]: 'from-cloudfront-only' };
    const answer = async (viewer: string) => JSON.parse((await call({ ...verified, 'cloudfront-viewer-address': viewer })).body!).source;
    expect(await answer('198.51.100.10:46532')).toBe('198.51.100.10');
    expect(await answer('2001:db8:1:2:3:4:5:6:46532')).toBe('2001:db8:1:2::/64');
    expect(JSON.parse((await call(verified)).body!).source).toBe(EDGE);
  });
});

describe('on the local host (no CDN)', () => {
  it('takes the socket address and ignores a viewer address a client wrote', async () => {
    const response = await call({ 'cloudfront-viewer-address': '203.0.113.9:1234' });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body!).source).toBe(EDGE);
  });
});
