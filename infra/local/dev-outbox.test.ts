// The dev mailbox lists the phone codes the local verifier "sends" as SMS rows, beside the e-mails.
import { mkdtemp } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOutboxEntry } from '@partage/functions/adapters/outbox';
import { createDevOutbox, DEV_OUTBOX_MESSAGE_PATH } from './dev-outbox';

type Route = 'html' | 'json' | 'message';

async function answerOf(
  outboxDir: string,
  route: Route,
  url = '/',
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const answer = { status: 0, headers: {} as Record<string, string>, body: '' };
  const response = {
    writeHead: (status: number, headers: Record<string, string>) => Object.assign(answer, { status, headers }) && response,
    setHeader: (name: string, value: string) => (answer.headers[name] = value),
    end: (chunk: string) => (answer.body = chunk),
  } as unknown as ServerResponse;
  await createDevOutbox(outboxDir)[route]({ url } as IncomingMessage, response);
  return answer;
}

const pageOf = async (outboxDir: string) => (await answerOf(outboxDir, 'html')).body;

describe('dev mailbox page', () => {
  it('shows an SMS with its kind, its number and its code', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dev-outbox-'));
    await writeOutboxEntry(dir, { kind: 'email', to: 'marie@exemple.ca', subject: 'Bienvenue', text: 'Bonjour' });
    await writeOutboxEntry(dir, { kind: 'sms', to: '+15145550123', text: 'code 123456' });
    const page = await pageOf(dir);
    expect(page).toContain('2 messages, newest first');
    expect(page).toMatch(
      /<td class="nowrap">SMS<\/td>\s*<td>\+15145550123<\/td>\s*<td><\/td>\s*<td><div class="message">code 123456<\/div><\/td>/,
    );
    expect(page).toMatch(/<td class="nowrap">E-mail<\/td>\s*<td>marie@exemple.ca<\/td>/);
  });

  it('shows the HTML of an e-mail in a sandboxed frame, served on its own under a CSP without scripts, beside its text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dev-outbox-'));
    const html = '<!doctype html><p style="color:red">Bonjour <a href="http://localhost:3000/?lang=fr">Partage</a></p>';
    const { id } = await writeOutboxEntry(dir, {
      kind: 'email',
      to: 'marie@exemple.ca',
      subject: 'Bienvenue',
      text: 'Bonjour http://localhost:3000/?lang=fr',
      html,
    });
    const page = await pageOf(dir);
    expect(page).toContain(`<iframe class="preview" sandbox="" src="${DEV_OUTBOX_MESSAGE_PATH}?id=${id}" title="HTML of Bienvenue"`);
    expect(page).toContain('<a href="http://localhost:3000/?lang=fr">http://localhost:3000/?lang=fr</a>');
    expect(page).not.toContain('style="color:red"');

    const message = await answerOf(dir, 'message', `${DEV_OUTBOX_MESSAGE_PATH}?id=${id}`);
    expect(message.status).toBe(200);
    expect(message.body).toBe(html);
    expect(message.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none';/);
    expect(message.headers['content-security-policy']).not.toMatch(/script-src/);
    expect((await answerOf(dir, 'message', `${DEV_OUTBOX_MESSAGE_PATH}?id=nope`)).status).toBe(404);

    const [entry] = JSON.parse((await answerOf(dir, 'json')).body) as Array<Record<string, unknown>>;
    expect(entry).toMatchObject({
      id,
      kind: 'email',
      to: 'marie@exemple.ca',
      subject: 'Bienvenue',
      html,
      links: ['http://localhost:3000/?lang=fr'],
    });
  });

  it('shows the one-click unsubscribe headers of a digest above its text, escaped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dev-outbox-'));
    const url = 'http://localhost:3000/alerts/unsubscribe?id=a-1&token=t';
    await writeOutboxEntry(dir, {
      kind: 'email',
      to: 'marie@exemple.ca',
      subject: 'Alerte',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const page = await pageOf(dir);
    expect(page).toContain(`<div class="header">List-Unsubscribe: &lt;${url.replace('&', '&amp;')}&gt;</div>`);
    expect(page).toContain('<div class="header">List-Unsubscribe-Post: List-Unsubscribe=One-Click</div><iframe');
  });

  it('shows the Reply-To of a contact message above its text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dev-outbox-'));
    await writeOutboxEntry(dir, {
      kind: 'email',
      to: 'equipe@partage.localhost',
      subject: 'Formulaire de contact',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
      replyTo: 'luc@exemple.ca',
    });
    expect(await pageOf(dir)).toContain('<div class="header">Reply-To: luc@exemple.ca</div><iframe');
  });
});
