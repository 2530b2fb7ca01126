// The rule of the forms on a page painted ahead (docs/painted-forms.md), checked on the page's HTML as the
// build or the server writes it: by the test over the prerendered pages (web/scripts/painted-forms.test.ts)
// and by the server's pages' tests (functions/handlers/seo.db.test.ts). React writes plain, unnested forms,
// which a pattern reads well enough.
import { PRERENDER_HEAD_SCRIPT } from '@partage/graphql';
import { SEARCH_FORM_TARGET } from '../../web/src/lib/search/search-params';

/** A GET form may only be the search of a page the server paints, its fields named as that page's URL parameters. */
export interface GetFormTarget {
  action: string;
  names: readonly string[];
}

const attribute = (tag: string, name: string): string | null =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1] ?? (new RegExp(`\\s${name}(\\s|/?>)`, 'i').test(tag) ? '' : null);

/** The GET forms the pages may hold: the search of /annonces. */
export const PAINTED_GET_FORMS: readonly GetFormTarget[] = [SEARCH_FORM_TARGET];

/** What breaks the rule in one document, in words a reviewer reads; empty when it holds. */
export function paintedFormProblems(html: string, getForms = PAINTED_GET_FORMS): string[] {
  const problems: string[] = [];
  const forms = [...html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/gi)].map((match) => match[0]);
  if (forms.length > 0 && !html.includes(`<script>${PRERENDER_HEAD_SCRIPT}</script>`)) {
    problems.push('the page has forms but not the head script that holds their submission until the app is there');
  }
  forms.forEach((form, index) => {
    const tag = /^<form\b[^>]*>/i.exec(form)![0];
    const method = (attribute(tag, 'method') ?? '').toLowerCase();
    const fields = [...form.matchAll(/<(input|select|textarea)\b[^>]*>/gi)].map((match) => match[0]);
    const named = fields.filter((field) => !/\stype="(submit|button|reset)"/i.test(field));
    const where = `form ${index + 1} (${tag.slice(0, 80)})`;
    for (const field of named) {
      if (!attribute(field, 'name'))
        problems.push(`${where}: a field without a name cannot keep what was typed across the takeover: ${field.slice(0, 80)}`);
    }
    if (method === 'post') return;
    if (method !== 'get') {
      problems.push(`${where}: no method="post": a browser submitting it by itself would put its fields into the address`);
      return;
    }
    const target = getForms.find((allowed) => allowed.action === attribute(tag, 'action'));
    if (!target) problems.push(`${where}: a GET form must submit to a page the server paints from its parameters`);
    if (named.some((field) => /\stype="password"/i.test(field))) problems.push(`${where}: a GET form holds a password`);
    for (const field of named) {
      const name = attribute(field, 'name');
      if (target && name && !target.names.includes(name)) problems.push(`${where}: "${name}" is not a parameter of ${target.action}`);
    }
  });
  return problems;
}
