// The CloudFront Function of the site's default behaviour, evaluated in Node with the code CDK deploys.

import { describe, expect, it } from 'vitest';
import { prerenderedFile, PUBLIC_PAGES } from '@partage/graphql';
import { spaRewriteCode } from './web-hosting';

type Request = { uri: string; method: string; querystring: Record<string, { value: string }> };
const handler = new Function(`${spaRewriteCode()}\nreturn handler;`)() as (event: { request: Request }) => Request;

const rewrite = (uri: string, query: Record<string, string> = {}) =>
  handler({
    request: { uri, method: 'GET', querystring: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, { value }])) },
  }).uri;

describe('SPA rewrite', () => {
  it('serves index.html for app routes (paths without an extension)', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/fr')).toBe('/index.html');
    expect(rewrite('/en/account/settings')).toBe('/index.html');
    expect(rewrite('/fr/annonces/')).toBe('/index.html');
    expect(rewrite('/parametres', { lang: 'en' })).toBe('/index.html');
  });

  it('leaves files alone', () => {
    expect(rewrite('/index.html')).toBe('/index.html');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/assets/index-Bx12.js')).toBe('/assets/index-Bx12.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
    expect(rewrite('/robots.txt')).toBe('/robots.txt');
  });

  it('serves each public page the file the build prerendered in the asked language, French by default', () => {
    expect(rewrite('/accueil')).toBe('/prerendered/fr/accueil.html');
    expect(rewrite('/accueil', { lang: 'en' })).toBe('/prerendered/en/accueil.html');
    expect(rewrite('/accueil', { lang: 'fr' })).toBe('/prerendered/fr/accueil.html');
    expect(rewrite('/accueil', { lang: 'de' })).toBe('/prerendered/fr/accueil.html');
    expect(rewrite('/annonces', { utm_source: 'x' })).toBe('/prerendered/fr/annonces.html');
    for (const { path } of PUBLIC_PAGES) {
      expect(rewrite(path, { lang: 'en' })).toBe(prerenderedFile(path, 'en'));
      expect(rewrite(path)).toBe(prerenderedFile(path, 'fr'));
    }
    // Not a public page: a trailing slash or a page below one.
    expect(rewrite('/accueil/')).toBe('/index.html');
    expect(rewrite('/annonces/creer')).toBe('/index.html');
  });

  it('sends a form a browser posted by itself to a public page back to the page by GET, in its language; refuses other methods', () => {
    const answer = (method: string, uri: string, query: Record<string, string> = {}) =>
      handler({
        request: { uri, method, querystring: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, { value }])) },
      }) as unknown as {
        statusCode?: number;
        headers?: Record<string, { value: string }>;
      };
    expect(answer('POST', '/connexion')).toMatchObject({ statusCode: 303, headers: { location: { value: '/connexion' } } });
    expect(answer('POST', '/connexion', { lang: 'en' })).toMatchObject({
      statusCode: 303,
      headers: { location: { value: '/connexion?lang=en' } },
    });
    expect(answer('POST', '/index.html')).toMatchObject({ statusCode: 405 });
    expect(answer('PUT', '/connexion')).toMatchObject({ statusCode: 405 });
  });
});
