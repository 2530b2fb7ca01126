// The dev mailbox (local host only): what the outbox mail/SMS adapter "sent", newest first, as a
// page at /_dev/outbox with clickable links, and as JSON at /_dev/outbox.json for tests and tools.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readOutbox, type OutboxEntry } from '@partage/functions/adapters/outbox';
import { sendJson } from './http-io';

export const DEV_OUTBOX_PATH = '/_dev/outbox';
export const DEV_OUTBOX_JSON_PATH = '/_dev/outbox.json';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;

/** The message text, escaped, with the links the outbox found in it made clickable. */
function linkedText(text: string, links: string[]): string {
  if (links.length === 0) return escapeHtml(text);
  // Longest first, so that a link which starts another one is not cut short.
  const alternatives = [...new Set(links)].sort((a, b) => b.length - a.length).map((url) => url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text
    .split(new RegExp(`(${alternatives.join('|')})`))
    .map((part, index) => (index % 2 === 1 ? link(part) : escapeHtml(part)))
    .join('');
}

function row(entry: OutboxEntry): string {
  return `<tr>
  <td><time datetime="${escapeHtml(entry.sentAt)}">${escapeHtml(entry.sentAt.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC'))}</time></td>
  <td>${entry.kind === 'sms' ? 'SMS' : 'E-mail'}</td>
  <td>${escapeHtml(entry.to)}</td>
  <td>${escapeHtml(entry.subject ?? '')}</td>
  <td><div class="body">${linkedText(entry.text, entry.links)}</div></td>
</tr>`;
}

function page(entries: OutboxEntry[]): string {
  const count = `${entries.length} message${entries.length === 1 ? '' : 's'}, newest first`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox</title>
<style>
  body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; }
  table { border-collapse: collapse; width: 100%; }
  caption { text-align: left; padding-bottom: .5rem; color: #444; }
  th, td { border-bottom: 1px solid #ccc; padding: .5rem; text-align: left; vertical-align: top; }
  th { background: #f1f1f1; }
  td:nth-child(-n + 2) { white-space: nowrap; }
  .body { white-space: pre-wrap; overflow-wrap: anywhere; max-width: 60ch; }
  a { color: #0b57d0; }
  a:focus-visible { outline: 2px solid #0b57d0; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Dev mailbox</h1>
<p>E-mails and SMS sent by the local host. <a href="${DEV_OUTBOX_PATH}">Refresh</a> · <a href="${DEV_OUTBOX_JSON_PATH}">JSON</a></p>
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
}
</main>
</body>
</html>`;
}

export function createDevOutbox(outboxDir: string) {
  return {
    async html(_request: IncomingMessage, response: ServerResponse): Promise<void> {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(page(await readOutbox(outboxDir)));
    },
    async json(_request: IncomingMessage, response: ServerResponse): Promise<void> {
      sendJson(response, 200, await readOutbox(outboxDir));
    },
  };
}
