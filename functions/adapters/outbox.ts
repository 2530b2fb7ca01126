// The local stand-in for SES and Twilio Verify (outbox-phone-verifier.ts): each message is one JSON file in a
// folder that the local dev mailbox page lists, with the links of the text made clickable.

import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { listUnsubscribeHeaders, type Mailer } from './mailer';
import { now } from '../domain/clock';

export interface OutboxEntry {
  id: string;
  kind: 'email' | 'sms';
  to: string;
  subject?: string;
  text: string;
  html?: string;
  /** The e-mail's Reply-To, when it has one. */
  replyTo?: string;
  /** Headers an e-mail carries beyond the usual ones (List-Unsubscribe). */
  headers?: Record<string, string>;
  links: string[];
  sentAt: string;
}

export type NewOutboxEntry = Omit<OutboxEntry, 'id' | 'links' | 'sentAt'>;

/** http(s) URLs in a text, without the punctuation that ends a sentence after them. */
export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"'()]+/g)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

let lastStamp = 0;

export async function writeOutboxEntry(dir: string, entry: NewOutboxEntry): Promise<OutboxEntry> {
  // Strictly increasing times keep "newest first" exact for messages sent within one millisecond.
  lastStamp = Math.max(now().getTime(), lastStamp + 1);
  const written: OutboxEntry = { ...entry, id: randomUUID(), links: extractLinks(entry.text), sentAt: new Date(lastStamp).toISOString() };
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${lastStamp}-${written.id}.json`), JSON.stringify(written, null, 2));
  return written;
}

/** Every entry, newest first; an outbox that was never written to is empty. */
export async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const entries = await Promise.all(
    names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxEntry),
  );
  return entries.sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

export function outboxMailer(dir: string): Mailer {
  return {
    async send({ to, subject, text, html, replyTo, ...message }) {
      const headers = listUnsubscribeHeaders(message);
      await writeOutboxEntry(dir, {
        kind: 'email',
        to,
        subject,
        text,
        html,
        ...(replyTo && { replyTo }),
        ...(Object.keys(headers).length > 0 && { headers }),
      });
    },
  };
}
