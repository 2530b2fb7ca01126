import { describe, expect, it } from 'vitest';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractLinks, outboxMailer, readOutbox, writeOutboxEntry } from './outbox';

const newDir = () => mkdtemp(join(tmpdir(), 'outbox-test-'));

describe('outbox', () => {
  it('keeps each e-mail as one JSON file, text and HTML, read back newest first with the links of its text', async () => {
    const dir = await newDir();
    await outboxMailer(dir).send({
      to: 'a@exemple.ca',
      subject: 'Premier',
      text: 'Confirmez : http://localhost:3000/confirmer?jeton=abc.',
      html: '<p><a href="http://localhost:3000/confirmer?jeton=abc">Confirmez</a></p>',
    });
    await writeOutboxEntry(dir, { kind: 'sms', to: '+15145550123', text: 'Code : 123456' });
    expect(await readdir(dir)).toHaveLength(2);
    const [sms, mail] = await readOutbox(dir);
    expect(sms).toMatchObject({ kind: 'sms', to: '+15145550123', links: [] });
    expect(mail).toMatchObject({
      kind: 'email',
      to: 'a@exemple.ca',
      subject: 'Premier',
      html: '<p><a href="http://localhost:3000/confirmer?jeton=abc">Confirmez</a></p>',
      links: ['http://localhost:3000/confirmer?jeton=abc'],
    });
    expect(mail!.id).not.toBe(sms!.id);
    expect(Date.parse(sms!.sentAt)).toBeGreaterThan(Date.parse(mail!.sentAt));
  });

  it('keeps the one-click unsubscribe headers of an e-mail that has them, and none on the others', async () => {
    const dir = await newDir();
    const url = 'http://localhost:3000/alerts/unsubscribe?id=a-1&token=t';
    await outboxMailer(dir).send({ to: 'a@exemple.ca', subject: 'Sans', text: 'Bonjour', html: '<p>Bonjour</p>' });
    await outboxMailer(dir).send({ to: 'a@exemple.ca', subject: 'Avec', text: 'Bonjour', html: '<p>Bonjour</p>', listUnsubscribeUrl: url });
    const [withHeaders, without] = await readOutbox(dir);
    expect(withHeaders!.headers).toEqual({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(without!.headers).toBeUndefined();
  });

  it('keeps the Reply-To of an e-mail that has one, and none on the others', async () => {
    const dir = await newDir();
    await outboxMailer(dir).send({ to: 'equipe@exemple.ca', subject: 'Sans', text: 'Bonjour', html: '<p>Bonjour</p>' });
    await outboxMailer(dir).send({
      to: 'equipe@exemple.ca',
      subject: 'Avec',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
      replyTo: 'luc@exemple.ca',
    });
    const [withReplyTo, without] = await readOutbox(dir);
    expect(withReplyTo).toMatchObject({ subject: 'Avec', replyTo: 'luc@exemple.ca' });
    expect(without!.replyTo).toBeUndefined();
  });

  it('is empty before anything was sent', async () => {
    expect(await readOutbox(join(await newDir(), 'never-written'))).toEqual([]);
  });

  it('finds every http(s) link of a text, without trailing punctuation or brackets', () => {
    expect(extractLinks('Voir https://exemple.ca/a, puis (http://localhost:3000/b?x=1&y=2). Fin: ftp://non')).toEqual([
      'https://exemple.ca/a',
      'http://localhost:3000/b?x=1&y=2',
    ]);
  });
});
