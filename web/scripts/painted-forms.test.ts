// The rule of the forms on the pages the build prerendered (docs/painted-forms.md), over every page in both
// languages as the build wrote it (the gate builds the web first; alone, run `npm run build -w web`).

import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { prerenderedFile, PUBLIC_PAGES, UI_LANGUAGES } from '@partage/graphql';
import { PAINTED_GET_FORMS, paintedFormProblems } from '../../tests/support/painted-forms-rule';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));

describe('the forms of the prerendered pages', () => {
  it('never submit by GET but the search, hold no secret a URL could carry, and name every field', () => {
    expect(existsSync(`${DIST}/index.html`), 'the build: run `npm run build -w web` first').toBe(true);
    let forms = 0;
    for (const { path } of PUBLIC_PAGES) {
      for (const language of UI_LANGUAGES) {
        const html = readFileSync(DIST + prerenderedFile(path, language), 'utf8');
        forms += (html.match(/<form\b/g) ?? []).length;
        expect(paintedFormProblems(html), `${path} in ${language}`).toEqual([]);
      }
    }
    // The login, sign-up, contact and search forms, in both languages: the rule was checked on something.
    expect(forms).toBeGreaterThanOrEqual(8);
  });

  it('finds what breaks the rule', () => {
    const page = (form: string) => `<html><head></head><body><div id="root">${form}</div></body></html>`;
    expect(paintedFormProblems(page('<form noValidate=""><input type="password" name="password"/></form>'), [])).toEqual([
      'the page has forms but not the head script that holds their submission until the app is there',
      expect.stringMatching(/no method="post"/),
    ]);
    expect(
      paintedFormProblems(page('<form method="get" action="/annonces"><input type="password" name="q"/><input id="x"/></form>')),
    ).toEqual([expect.stringMatching(/head script/), expect.stringMatching(/without a name/), expect.stringMatching(/holds a password/)]);
    expect(paintedFormProblems(page('<form method="get" action="/ailleurs"><input name="motdepasse"/></form>'), PAINTED_GET_FORMS)).toEqual(
      [expect.stringMatching(/head script/), expect.stringMatching(/must submit to a page the server paints/)],
    );
  });
});
