// The Twilio adapter against a loopback fake of the Verify API (the REST endpoints the SDK calls,
// answering as Twilio documents them), through the real SDK: requests, authentication, form
// encoding and error bodies are the SDK's own.

import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SecretsManagerClient, GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { build } from 'esbuild';
import { LAMBDA_NODE_TARGET } from '../handlers/node-target';
import { TWILIO_BUNDLE_ALIASES } from './twilio-bundling';
import { loadTwilioCredentials, twilioPhoneVerifier } from './twilio-phone-verifier';

const CREDENTIALS = { accountSid: 'AC0123', authToken: 'token-1', serviceSid: 'VA0123' };
const TO = '+15145550100';
const INVALID_TO = '+1000';
const LANDLINE_TO = '+15145550111';
const MAX_ATTEMPTS = 5;
/** Services whose Verify API fails: one answers 500, the other never answers. */
const DOWN_SERVICE = 'VA-down';
const HUNG_SERVICE = 'VA-hung';

/** The fake's state: one pending verification per number, as Twilio keeps it. */
interface Pending {
  code: string;
  attempts: number;
}
const pending = new Map<string, Pending>();
let sends = 0;
let maxSends = Infinity;
const requests: { method: string; path: string; form: URLSearchParams; authorization?: string }[] = [];

const readBody = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
};

function answerVerifyApi(path: string, form: URLSearchParams): [number, object] {
  const verificationsPath = `/v2/Services/${CREDENTIALS.serviceSid}/Verifications`;
  const checkPath = `/v2/Services/${CREDENTIALS.serviceSid}/VerificationCheck`;
  const to = form.get('To') ?? '';
  const error = (status: number, code: number, message: string) =>
    [status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }] as [number, object];
  if (path.startsWith(`/v2/Services/${DOWN_SERVICE}/`)) return error(500, 20500, 'Internal Server Error');
  if (path === verificationsPath) {
    if (to === INVALID_TO) return error(400, 60200, 'Invalid parameter `To`: +1000');
    if (to === LANDLINE_TO) return error(400, 60205, 'SMS is not supported by landline phone number');
    if (++sends > maxSends) return error(429, 60203, 'Max send attempts reached');
    pending.set(to, { code: '123456', attempts: 0 });
    return [201, { sid: 'VE1', service_sid: CREDENTIALS.serviceSid, to, channel: form.get('Channel'), status: 'pending', valid: false }];
  }
  if (path === checkPath) {
    const verification = pending.get(to);
    if (!verification) return error(404, 20404, `The requested resource ${path} was not found`);
    if (verification.attempts >= MAX_ATTEMPTS) return error(429, 60202, 'Max check attempts reached');
    verification.attempts++;
    if (form.get('Code') !== verification.code) return [200, { sid: 'VE1', to, status: 'pending', valid: false }];
    pending.delete(to);
    return [200, { sid: 'VE1', to, status: 'approved', valid: true }];
  }
  return error(404, 20404, `The requested resource ${path} was not found`);
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((form) => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      requests.push({ method: request.method ?? '', path, form, authorization: request.headers.authorization });
      if (path.startsWith(`/v2/Services/${HUNG_SERVICE}/`)) return;
      const [status, body] = answerVerifyApi(path, form);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

beforeEach(() => {
  pending.clear();
  requests.length = 0;
  sends = 0;
  maxSends = Infinity;
});

const verifier = () => twilioPhoneVerifier(CREDENTIALS, baseUrl);

describe('Twilio Verify adapter', () => {
  it('starts an SMS verification to the number, in the user language, authenticated with the account', async () => {
    expect(await verifier().send({ userId: 'u1', phoneNumber: TO, language: 'fr' })).toBe('sent');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/v2/Services/VA0123/Verifications');
    expect(Object.fromEntries(request!.form)).toEqual({ To: TO, Channel: 'sms', Locale: 'fr' });
    expect(request!.authorization).toBe(`Basic ${Buffer.from('AC0123:token-1').toString('base64')}`);
  });

  it('approves the right code, once', async () => {
    await verifier().send({ userId: 'u1', phoneNumber: TO, language: 'en' });
    expect(await verifier().check({ userId: 'u1', phoneNumber: TO, code: '123456' })).toBe('approved');
    expect(requests[1]!.path).toBe('/v2/Services/VA0123/VerificationCheck');
    expect(Object.fromEntries(requests[1]!.form)).toEqual({ To: TO, Code: '123456' });
    // An approved verification is no longer pending: Twilio answers 404.
    expect(await verifier().check({ userId: 'u1', phoneNumber: TO, code: '123456' })).toBe('none');
  });

  it('answers invalid for a wrong code (the verification stays pending)', async () => {
    await verifier().send({ userId: 'u1', phoneNumber: TO, language: 'en' });
    expect(await verifier().check({ userId: 'u1', phoneNumber: TO, code: '000000' })).toBe('invalid');
    expect(await verifier().check({ userId: 'u1', phoneNumber: TO, code: '123456' })).toBe('approved');
  });

  it('answers none when no verification is pending (20404)', async () => {
    expect(await verifier().check({ userId: 'u1', phoneNumber: TO, code: '123456' })).toBe('none');
  });

  it('answers tooManyAttempts once the tries are used up (60202), even for the right code', async () => {
    await verifier().send({ userId: 'u1', phoneNumber: TO, language: 'en' });
    for (let i = 0; i < MAX_ATTEMPTS; i++)
      expect(await verifier().check({ userId: 'u1', phoneNumber: TO, code: '000000' })).toBe('invalid');
    expect(await verifier().check({ userId: 'u1', phoneNumber: TO, code: '123456' })).toBe('tooManyAttempts');
  });

  it('answers tooManySends when Twilio refuses more codes to the number (60203)', async () => {
    maxSends = 1;
    expect(await verifier().send({ userId: 'u1', phoneNumber: TO, language: 'en' })).toBe('sent');
    expect(await verifier().send({ userId: 'u1', phoneNumber: TO, language: 'en' })).toBe('tooManySends');
  });

  it('answers undeliverable for a number Twilio cannot text (60200 invalid, 60205 landline)', async () => {
    expect(await verifier().send({ userId: 'u1', phoneNumber: INVALID_TO, language: 'en' })).toBe('undeliverable');
    expect(await verifier().send({ userId: 'u1', phoneNumber: LANDLINE_TO, language: 'en' })).toBe('undeliverable');
  });

  it('lets a Verify API answering 500 fail the call, asking once (retrying is the user’s to decide)', async () => {
    const down = twilioPhoneVerifier({ ...CREDENTIALS, serviceSid: DOWN_SERVICE }, baseUrl);
    await expect(down.send({ userId: 'u1', phoneNumber: TO, language: 'en' })).rejects.toMatchObject({ status: 500 });
    await expect(down.check({ userId: 'u1', phoneNumber: TO, code: '123456' })).rejects.toMatchObject({ status: 500 });
    expect(requests).toHaveLength(2);
  });

  it('gives up on a Verify API that does not answer once its timeout has passed', async () => {
    const hung = twilioPhoneVerifier({ ...CREDENTIALS, serviceSid: HUNG_SERVICE }, baseUrl, 200);
    await expect(hung.send({ userId: 'u1', phoneNumber: TO, language: 'en' })).rejects.toThrow(/timeout/);
    expect(requests).toHaveLength(1);
  });

  it('lets any other failure through', async () => {
    const broken = twilioPhoneVerifier({ ...CREDENTIALS, serviceSid: 'VA-unknown' }, baseUrl);
    await expect(broken.send({ userId: 'u1', phoneNumber: TO, language: 'en' })).rejects.toThrow(/not found/);
  });

  it('reads its credentials from the Secrets Manager secret, refusing an incomplete one', async () => {
    const secrets = mockClient(SecretsManagerClient);
    secrets.on(GetSecretValueCommand, { SecretId: 'arn:twilio' }).resolves({ SecretString: JSON.stringify(CREDENTIALS) });
    secrets.on(GetSecretValueCommand, { SecretId: 'arn:partial' }).resolves({ SecretString: JSON.stringify({ accountSid: 'AC1' }) });
    const client = new SecretsManagerClient({});
    expect(await loadTwilioCredentials('arn:twilio', client)).toEqual(CREDENTIALS);
    await expect(loadTwilioCredentials('arn:partial', client)).rejects.toThrow(/no authToken/);
    secrets.restore();
  });
});

describe('Twilio Verify adapter as the phone Lambda bundles it', () => {
  it('still sends and checks codes with `form-data` left out of the bundle', async () => {
    const result = await build({
      entryPoints: [new URL('./twilio-phone-verifier.ts', import.meta.url).pathname],
      bundle: true,
      minify: true,
      platform: 'node',
      target: LAMBDA_NODE_TARGET,
      format: 'esm',
      mainFields: ['module', 'main'],
      alias: TWILIO_BUNDLE_ALIASES,
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      write: false,
      logLevel: 'silent',
    });
    // The MIME table of form-data (mime-db) is not in it.
    expect(result.outputFiles[0]!.text).not.toContain('1d-interleaved-parityfec');
    const bundle = join(await mkdtemp(join(tmpdir(), 'twilio-bundle-')), 'verifier.mjs');
    await writeFile(bundle, result.outputFiles[0]!.contents);
    const bundled = (await import(/* @vite-ignore */ bundle)) as { twilioPhoneVerifier: typeof twilioPhoneVerifier };
    const verifier = bundled.twilioPhoneVerifier(CREDENTIALS, baseUrl);
    expect(await verifier.send({ userId: 'u1', phoneNumber: TO, language: 'fr' })).toBe('sent');
    expect(await verifier.check({ userId: 'u1', phoneNumber: TO, code: '000000' })).toBe('invalid');
    expect(await verifier.check({ userId: 'u1', phoneNumber: TO, code: '123456' })).toBe('approved');
  }, 60_000);
});
