import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forgetChoices } from './chosen-once';
import { useLocalAdapters } from './local-host';
import { mailer } from './mailer';
import { readOutbox } from './outbox';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  forgetChoices();
});

describe('mailer choice', () => {
  it('refuses an unknown adapter and an SES adapter without a sender', () => {
    process.env.MAIL_ADAPTER = 'pigeon';
    expect(() => mailer()).toThrow('Unknown MAIL_ADAPTER "pigeon"');
    process.env.MAIL_ADAPTER = 'ses';
    delete process.env.MAIL_FROM;
    expect(() => mailer()).toThrow('MAIL_FROM');
  });

  it('finds no outbox in a process the local host did not set up (a Lambda)', async () => {
    Object.assign(process.env, { MAIL_ADAPTER: 'outbox', OUTBOX_DIR: tmpdir() });
    // Modules of their own: this worker's other test files may have set the local host up.
    vi.resetModules();
    const fresh = await import('./mailer');
    expect(() => fresh.mailer()).toThrow('MAIL_ADAPTER=outbox: the local adapters are the local host');
    vi.resetModules();
  });

  it("uses the local host's outbox when configured, and keeps that choice", async () => {
    useLocalAdapters();
    const dir = await mkdtemp(join(tmpdir(), 'mailer-test-'));
    Object.assign(process.env, { MAIL_ADAPTER: 'outbox', OUTBOX_DIR: dir });
    await mailer().send({ to: 'a@exemple.ca', subject: 'Objet', text: 'Texte', html: '<p>Texte</p>' });
    process.env.MAIL_ADAPTER = 'ses';
    expect(mailer()).toBe(mailer());
    await mailer().send({ to: 'b@exemple.ca', subject: 'Objet', text: 'Texte', html: '<p>Texte</p>' });
    expect((await readOutbox(dir)).map((entry) => entry.to)).toEqual(['b@exemple.ca', 'a@exemple.ca']);
  });
});
