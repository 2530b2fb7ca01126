// The dev mailbox (local host only): what the outbox mail/SMS adapter "sent", newest first, as a
// page at /_dev/outbox with clickable links, and as JSON at /_dev/outbox.json for tests and tools.
// The HTML of an e-mail is shown as sent, in a sandboxed frame: it is served on its own
// (/_dev/outbox/message?id=…) under a CSP that runs no script and loads nothing but images.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readOutbox, type OutboxEntry } from '@partage/functions/adapters/outbox';
import { escapeHtml, sendDevPage } from './dev-page';
import { sendJson, sendText } from './http-io';

export const DEV_OUTBOX_PATH = '/_dev/outbox';
export const DEV_OUTBOX_JSON_PATH = '/_dev/outbox.json';
export const DEV_OUTBOX_MESSAGE_PATH = '/_dev/outbox/message';

/** The e-mail's own styles and pictures, nothing else; framed by the mailbox page only. */
export const MESSAGE_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src http: https: data:; frame-ancestors 'self'";

/** What the page shows of one entry at most: an entry of any size stays readable and quick to render. */
export const PAGE_TEXT_MAX_LENGTH = 20_000;
const PAGE_FIELD_MAX_LENGTH = 500;
const PAGE_MAX_LINKS = 50;
const LINK_MAX_LENGTH = 2_000;

const truncated = (text: unknown, max: number): string => {
  const value = typeof text === 'string' ? text : String(text ?? '');
  return value.length <= max ? value : `${value.slice(0, max)}… [${value.length - max} more characters in ${DEV_OUTBOX_JSON_PATH}]`;
};

const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;

/** The message text, escaped, with the links the outbox found in it made clickable. */
function linkedText(text: string, allLinks: unknown): string {
  const links = (Array.isArray(allLinks) ? allLinks : [])
    .filter((url): url is string => typeof url === 'string' && url.length > 0 && url.length <= LINK_MAX_LENGTH)
    .slice(0, PAGE_MAX_LINKS);
  if (links.length === 0) return escapeHtml(text);
  // Longest first, so that a link which starts another one is not cut short.
  const alternatives = [...new Set(links)].sort((a, b) => b.length - a.length).map((url) => url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text
    .split(new RegExp(`(${alternatives.join('|')})`))
    .map((part, index) => (index % 2 === 1 ? link(part) : escapeHtml(part)))
    .join('');
}

const messageUrl = (entry: OutboxEntry) => `${DEV_OUTBOX_MESSAGE_PATH}?id=${encodeURIComponent(entry.id)}`;

function htmlPreview(entry: OutboxEntry): string {
  if (!entry.html) return '';
  const url = escapeHtml(messageUrl(entry));
  const title = escapeHtml(`HTML of ${truncated(entry.subject ?? '', PAGE_FIELD_MAX_LENGTH)}`);
  return `<iframe class="preview" sandbox="" src="${url}" title="${title}" loading="lazy"></iframe>
<p><a href="${url}" target="_blank">Open the HTML</a> · Plain text:</p>`;
}

/** The extra headers an e-mail carries (Reply-To, List-Unsubscribe), one per line above its text. */
const headerLines = (headers: OutboxEntry['headers']): string =>
  Object.entries(headers ?? {})
    .map(([name, value]) => `<div class="header">${escapeHtml(truncated(`${name}: ${String(value)}`, PAGE_FIELD_MAX_LENGTH))}</div>`)
    .join('');

function row(entry: OutboxEntry): string {
  const sentAt = truncated(entry.sentAt, PAGE_FIELD_MAX_LENGTH);
  return `<tr>
  <td class="nowrap"><time datetime="${escapeHtml(sentAt)}">${escapeHtml(sentAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC'))}</time></td>
  <td class="nowrap">${entry.kind === 'sms' ? 'SMS' : 'E-mail'}</td>
  <td>${escapeHtml(truncated(entry.to, PAGE_FIELD_MAX_LENGTH))}</td>
  <td>${escapeHtml(truncated(entry.subject ?? '', PAGE_FIELD_MAX_LENGTH))}</td>
  <td>${headerLines({ ...(entry.replyTo && { 'Reply-To': entry.replyTo }), ...entry.headers })}${htmlPreview(entry)}<div class="message">${linkedText(truncated(entry.text, PAGE_TEXT_MAX_LENGTH), entry.links)}</div></td>
</tr>`;
}

function page(entries: OutboxEntry[]): string {
  const count = `${entries.length} message${entries.length === 1 ? '' : 's'}, newest first`;
  return `<p>E-mails and SMS sent by the local host. <a href="${DEV_OUTBOX_PATH}">Refresh</a> · <a href="${DEV_OUTBOX_JSON_PATH}">JSON</a></p>
${
  entries.length === 0
    ? '<p>No messages yet.</p>'
    : `<table>
<caption>${count}</caption>
<thead><tr><th scope="col">Sent</th><th scope="col">Kind</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Message</th></tr></thead>
<tbody>
${entries.map(row).join('\n')}
</tbody>
</table>`
}`;
}

export function createDevOutbox(outboxDir: string) {
  return {
    async html(_request: IncomingMessage, response: ServerResponse): Promise<void> {
      sendDevPage(response, 'Dev mailbox', page(await readOutbox(outboxDir)));
    },
    async json(_request: IncomingMessage, response: ServerResponse): Promise<void> {
      sendJson(response, 200, await readOutbox(outboxDir));
    },
    async message(request: IncomingMessage, response: ServerResponse): Promise<void> {
      const id = new URL(request.url ?? '/', 'http://localhost').searchParams.get('id');
      const html = (await readOutbox(outboxDir)).find((entry) => entry.id === id)?.html;
      if (html === undefined) return sendText(response, 404, 'No such e-mail');
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': MESSAGE_CSP,
        'x-frame-options': 'SAMEORIGIN',
      });
      response.end(html);
    },
  };
}
