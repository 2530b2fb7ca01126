// The dev mailbox lists the phone codes the local verifier "sends" as SMS rows, beside the e-mails.
import { mkdtemp } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOutboxEntry } from '@partage/functions/adapters/outbox';
import { createDevOutbox } from './dev-outbox';

async function pageOf(outboxDir: string): Promise<string> {
  let body = '';
  const response = { writeHead: () => response, end: (chunk: string) => (body = chunk) } as unknown as ServerResponse;
  await createDevOutbox(outboxDir).html({} as IncomingMessage, response);
  return body;
}

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

  it('shows the one-click unsubscribe headers of a digest above its text, escaped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dev-outbox-'));
    const url = 'http://localhost:3000/alerts/unsubscribe?id=a-1&token=t';
    await writeOutboxEntry(dir, {
      kind: 'email',
      to: 'marie@exemple.ca',
      subject: 'Alerte',
      text: 'Bonjour',
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const page = await pageOf(dir);
    expect(page).toContain(`<div class="header">List-Unsubscribe: &lt;${url.replace('&', '&amp;')}&gt;</div>`);
    expect(page).toContain('<div class="header">List-Unsubscribe-Post: List-Unsubscribe=One-Click</div><div class="message">Bonjour</div>');
  });
});
