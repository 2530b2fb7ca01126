// Filling the placeholders of e-mail texts and of the compiled HTML layout. A value may be text
// someone typed (a first name, an ad's title): it is made inert so that no mail client turns it into
// a link, and HTML-escaped in the HTML part.

/** Where a URL or an address takes shape: a dot before a letter (`www.evil.example`), a scheme's `://`, any `@`. */
const LINK_MAKERS = /\.(?=\p{L})|:(?=\/)|\/(?=\/)|(?<=\/)\/|@/gu;
const LOOK_ALIKES: Record<string, string> = { '.': '\u2024', ':': '\ua789', '/': '\u2215', '@': '\uff20' };

/**
 * `value` with look-alikes where its characters would make a URL or an address, so that `www.evil.example`
 * or `http://…` in a name is read as text and never auto-linked. Amounts, times and dates keep their own
 * characters ("$480.00", "10:30 AM", "12/05"): no mail client links them, and a look-alike there (U+2024
 * for a decimal point) reads and copies wrong.
 */
export function inertText(value: string): string {
  return value.replace(LINK_MAKERS, (c) => LOOK_ALIKES[c]!);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]!);
}

/** `template` with each `{{key}}` replaced by `valueOf(key)` (in one pass: a value is never read as a template). */
export function fillText(template: string, valueOf: (key: string) => string): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => valueOf(key));
}

/**
 * A block or the document of the compiled layout (@partage/graphql/emails) filled in: `{{key}}` gets
 * the value HTML-escaped, `{{{key}}}` HTML the renderer built. A placeholder without a value is a bug.
 */
export function fillHtml(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{\{(\w+)\}\}\}|\{\{(\w+)\}\}/g, (_, raw: string | undefined, escaped: string | undefined) => {
    const value = values[(raw ?? escaped)!];
    if (value === undefined) throw new Error(`The e-mail layout needs a value for ${raw ? `{{{${raw}}}}` : `{{${escaped}}}`}`);
    return raw ? value : escapeHtml(value);
  });
}
