// The CloudFront Function of the site's default behaviour, evaluated in Node.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPA_REWRITE_CODE_PATH } from './web-hosting';

type Request = { uri: string; method: string };
const handler = new Function(`${readFileSync(SPA_REWRITE_CODE_PATH, 'utf8')}\nreturn handler;`)() as (event: {
  request: Request;
}) => Request;

const rewrite = (uri: string) => handler({ request: { uri, method: 'GET' } }).uri;

describe('SPA rewrite', () => {
  it('serves index.html for app routes (paths without an extension)', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/fr')).toBe('/index.html');
    expect(rewrite('/en/account/settings')).toBe('/index.html');
    expect(rewrite('/fr/annonces/')).toBe('/index.html');
  });

  it('leaves files alone', () => {
    expect(rewrite('/index.html')).toBe('/index.html');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/assets/index-Bx12.js')).toBe('/assets/index-Bx12.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });
});
