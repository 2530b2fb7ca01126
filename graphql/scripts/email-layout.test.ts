import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { generateEmailLayout, GENERATED_EMAIL_LAYOUT_PATH } from './email-layout';
import { EMAIL_BLOCKS, EMAIL_DOCUMENT } from '../src/emails';

describe('compiled e-mail layout', () => {
  it('is up to date with layout.mjml (run `npm run codegen -w graphql`)', async () => {
    expect(readFileSync(GENERATED_EMAIL_LAYOUT_PATH, 'utf8')).toBe(await generateEmailLayout());
  });

  it('is a 600px document for light and dark mode, its blocks replaced by one body placeholder', () => {
    expect(EMAIL_DOCUMENT).toContain('<meta name="color-scheme" content="light dark" />');
    expect(EMAIL_DOCUMENT).toContain('@media (prefers-color-scheme: dark)');
    expect(EMAIL_DOCUMENT).toMatch(/max-width:600px/);
    expect(EMAIL_DOCUMENT.match(/\{\{\{body\}\}\}/g)).toHaveLength(1);
    expect(EMAIL_DOCUMENT).toContain('<html lang="{{lang}}"');
    expect(EMAIL_DOCUMENT).not.toMatch(/<!--\/?block|fonts\.googleapis/);
    expect(Object.keys(EMAIL_BLOCKS).sort()).toEqual(['adCard', 'adCardImage', 'button', 'code', 'paragraph', 'secondaryLink']);
  });
});
