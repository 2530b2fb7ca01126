// The AppSync publisher against a loopback fake of AppSync's GraphQL endpoint that checks the
// SigV4 signature the way AppSync does: it signs the received request again with the caller's
// credentials and compares.

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Sha256 } from '@aws-crypto/sha256-js';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSyncPublisher } from './appsync-publisher';

const CREDENTIALS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'session-1' };
const REGION = 'ca-central-1';

interface Received {
  headers: Record<string, string>;
  body: string;
  signatureValid: boolean;
}

let server: Server;
let url: string;
const received: Received[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { data: {} } };

async function validSignature(request: IncomingMessage, body: string, headers: Record<string, string>): Promise<boolean> {
  const amzDate = headers['x-amz-date'] ?? '';
  const signingDate = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(headers.authorization ?? '')?.[1]?.split(';') ?? [];
  const signer = new SignatureV4({ service: 'appsync', region: REGION, credentials: CREDENTIALS, sha256: Sha256 });
  const expected = await signer.sign(
    {
      method: request.method ?? '',
      protocol: 'http:',
      hostname: '127.0.0.1',
      path: request.url ?? '/',
      query: {},
      headers: Object.fromEntries(
        signedHeaders
          .filter((name) => name !== 'x-amz-date' && name !== 'x-amz-security-token' && name !== 'x-amz-content-sha256')
          .map((name) => [name, headers[name] ?? '']),
      ),
      body,
    },
    { signingDate },
  );
  return expected.headers.authorization === headers.authorization;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      void validSignature(request, body, headers).then((signatureValid) => {
        received.push({ headers, body, signatureValid });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const publisherUnderTest = () => appSyncPublisher({ graphqlUrl: url, region: REGION, credentials: async () => CREDENTIALS });
const event = { name: 'firstLoginModalClosed', data: { id: 'user-1', firstLoginModalClosed: true } } as const;

describe('AppSync publisher', () => {
  it('calls the event mutation with the data as AWSJSON, signed with SigV4 for appsync by the given credentials', async () => {
    received.length = 0;
    answer = { status: 200, body: { data: { publishFirstLoginModalClosed: event.data } } };
    await publisherUnderTest().publish(event);

    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.signatureValid).toBe(true);
    expect(request!.headers.authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/\\d{8}/${REGION}/appsync/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(request!.headers['x-amz-security-token']).toBe('session-1');
    const body = JSON.parse(request!.body) as { query: string; variables: { data: string } };
    expect(body.query).toBe('mutation Publish($data: AWSJSON!) { publishFirstLoginModalClosed(data: $data) { id firstLoginModalClosed } }');
    expect(JSON.parse(body.variables.data)).toEqual(event.data);
  });

  it('fails when AppSync answers with errors or an HTTP error, so the caller knows the event was not delivered', async () => {
    answer = {
      status: 200,
      body: {
        data: null,
        errors: [{ errorType: 'Unauthorized', message: 'Not Authorized to access publishFirstLoginModalClosed on type Mutation' }],
      },
    };
    await expect(publisherUnderTest().publish(event)).rejects.toThrow(/Not Authorized to access publishFirstLoginModalClosed/);
    answer = { status: 403, body: { message: 'The security token included in the request is invalid.' } };
    await expect(publisherUnderTest().publish(event)).rejects.toThrow(/HTTP 403/);
  });

  it('signs differently with other credentials: the fake would refuse a forged signature', async () => {
    received.length = 0;
    answer = { status: 200, body: { data: {} } };
    await appSyncPublisher({
      graphqlUrl: url,
      region: REGION,
      credentials: async () => ({ ...CREDENTIALS, secretAccessKey: 'another-secret' }),
    }).publish(event);
    expect(received[0]!.signatureValid).toBe(false);
  });
});
