// The frame of the local host's dev pages (the mailbox, the schedules): plain server-rendered HTML
// with one shared inline stylesheet, allowed by its hash because the site's CSP has no 'unsafe-inline'.

import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { contentSecurityPolicy } from '../shared/security-headers';

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const STYLE = `
  body { font: 15px/1.45 system-ui, sans-serif; margin: 1.5rem; color: #1b1b1b; }
  table { border-collapse: collapse; width: 100%; margin-bottom: 1.5rem; }
  caption { text-align: left; padding-bottom: .5rem; color: #444; }
  th, td { border-bottom: 1px solid #ccc; padding: .5rem; text-align: left; vertical-align: top; }
  th { background: #f1f1f1; }
  code { overflow-wrap: anywhere; }
  .nowrap { white-space: nowrap; }
  .message { white-space: pre-wrap; overflow-wrap: anywhere; max-width: 60ch; }
  .preview { width: 640px; max-width: 100%; height: 36rem; border: 1px solid #ccc; background: #fff; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  a { color: #0b57d0; }
  a:focus-visible, button:focus-visible { outline: 2px solid #0b57d0; outline-offset: 2px; }
`;

const CSP = contentSecurityPolicy({
  styleHashes: [`'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`],
  upgradeInsecureRequests: false,
});

/** Answers 200 with a dev page: `title` is text, `body` is HTML the caller has escaped. */
export function sendDevPage(response: ServerResponse, title: string, body: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': CSP });
  response.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`);
}
