// The contact form through the local host (AppSync's protocol, the dev mailbox): what a visitor's page
// sends reaches the address config.json shows, with Reply-To the sender; a refusal carries its code.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@partage/functions/adapters/outbox';
import { graphql, startTestServer, type TestServer } from './support/local-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

const SEND = 'mutation SendContactMessage($input: SendContactMessageInput!) { sendContactMessage(input: $input) }';
const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Luc Tremblay',
  email: 'luc@exemple.ca',
  subject: `Chambre froide ${Date.now()}`,
  message: 'Avez-vous une chambre froide à louer ?',
  language: 'FRENCH',
  elapsedMs: 20_000,
  ...overrides,
});

describe('the contact form on the local host', () => {
  it('e-mails a visitor’s message to the address config.json shows, with Reply-To the sender', async () => {
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as { site: { contactEmail: string } };
    const input = message();
    const { status, body } = await graphql(server.url, 'anonymous', SEND, { input });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { sendContactMessage: true } });
    const outbox = (await (await fetch(`${server.url}/_dev/outbox.json`)).json()) as OutboxEntry[];
    const mail = outbox.find((entry) => entry.to === config.site.contactEmail);
    expect(mail).toMatchObject({ kind: 'email', replyTo: 'luc@exemple.ca' });
    expect(mail!.text).toContain('Avez-vous une chambre froide à louer ?');
  });

  it('answers a refusal with its code and sends nothing', async () => {
    const before = ((await (await fetch(`${server.url}/_dev/outbox.json`)).json()) as OutboxEntry[]).length;
    const { body } = await graphql(server.url, 'anonymous', SEND, { input: message({ elapsedMs: 500 }) });
    expect(body.data).toEqual({ sendContactMessage: null });
    expect(body.errors?.[0]).toMatchObject({ errorType: 'CONTACT_TOO_FAST', extensions: { code: 'CONTACT_TOO_FAST' } });
    expect(((await (await fetch(`${server.url}/_dev/outbox.json`)).json()) as OutboxEntry[]).length).toBe(before);
  });
});
