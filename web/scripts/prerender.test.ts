// The build's prerendering pieces that need no browser: the page document, the compressed copies, robots.txt.

import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PRERENDER_HEAD_SCRIPT, PRERENDER_LANGUAGE_CHECK, STORAGE_KEYS } from '@partage/graphql';
import { compressDirectory } from './compress';
import { PAGE_MODULES, pageStylesheets, stylesheetLinks } from '../src/server/page-assets';
import { prerenderedDocument } from '../src/server/document';
import { withSitemap } from './robots';

const TEMPLATE = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <title>Partage</title>
    <link rel="stylesheet" href="/assets/shell.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerenderedDocument', () => {
  it('puts the language, the language check before any stylesheet, the head tags and the markup into index.html', () => {
    const html = prerenderedDocument(TEMPLATE, {
      language: 'en',
      head: '<title>Home | Sharing</title>',
      html: '<main><h1>Home</h1></main>',
      namespaces: ['site', 'adFields'],
      headScript: PRERENDER_HEAD_SCRIPT,
    });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Home | Sharing</title>');
    expect(html).not.toContain('<title>Partage</title>');
    expect(html.indexOf(`<script>${PRERENDER_HEAD_SCRIPT}</script>`)).toBeGreaterThan(html.indexOf('<meta charset'));
    expect(html.indexOf(`<script>${PRERENDER_HEAD_SCRIPT}</script>`)).toBeLessThan(html.indexOf('stylesheet'));
    expect(html).toContain('<div id="root" data-prerendered="en" data-namespaces="site adFields"><main><h1>Home</h1></main></div>');
  });

  it('refuses markup with a script, which the CSP would block (the page would stay on its fallback)', () => {
    const page = { language: 'fr' as const, head: '', namespaces: [], headScript: '' };
    expect(() => prerenderedDocument(TEMPLATE, { ...page, html: '<div hidden id="S:0"></div><script>$RC("B:0","S:0")</script>' })).toThrow(
      /holds a script/,
    );
  });

  it('refuses a template it cannot fill', () => {
    expect(() =>
      prerenderedDocument('<html lang="fr"><head></head></html>', {
        language: 'fr',
        head: '',
        html: '',
        namespaces: [],
        headScript: '',
      }),
    ).toThrow(/index.html lacks/);
  });
});

describe('pageStylesheets', () => {
  const manifest = {
    'src/main.tsx': { file: 'assets/index.js', css: ['assets/shell.css'], imports: ['_shell.js'] },
    '_shell.js': { file: 'assets/shell.js', css: ['assets/shell.css'] },
    'src/features/search/AdSearchPage.tsx': {
      file: 'assets/AdSearchPage.js',
      css: ['assets/AdSearchPage.css'],
      imports: ['_shell.js', '_cards.js'],
    },
    '_cards.js': { file: 'assets/cards.js', css: ['assets/cards.css'], imports: ['_shell.js'] },
  };

  it('links the stylesheets of the page chunk and of what it imports, after the shell’s, less what index.html loads', () => {
    const styles = pageStylesheets(manifest, 'src/features/search/AdSearchPage.tsx', TEMPLATE);
    expect(styles).toEqual(['assets/AdSearchPage.css', 'assets/cards.css']);
    const html = prerenderedDocument(TEMPLATE, {
      language: 'fr',
      head: '<title>Annonces</title>',
      html: '<main></main>',
      namespaces: [],
      headScript: '',
      stylesheets: stylesheetLinks(styles),
    });
    expect(html.indexOf('/assets/shell.css')).toBeLessThan(html.indexOf('/assets/AdSearchPage.css'));
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/cards.css">\n  </head>');
  });

  it('fails the build when a page’s module is not in the manifest', () => {
    expect(() => pageStylesheets(manifest, 'src/features/site/Gone.tsx', TEMPLATE)).toThrow(/no chunk for src\/features\/site\/Gone.tsx/);
  });

  it('names an existing module, imported by the routes, for every public page', async () => {
    const routes = await readFile(new URL('../src/app/routes.tsx', import.meta.url), 'utf8');
    for (const module of Object.values(PAGE_MODULES)) {
      await expect(readFile(new URL(`../${module}`, import.meta.url), 'utf8')).resolves.toBeTruthy();
      expect(routes).toContain(`import('../${module.replace(/^src\//, '').replace(/\.tsx$/, '')}')`);
    }
  });
});

describe('the language check', () => {
  const storage = new Map<string, string>();
  function run(pageLanguage: string, search: string, stored: string | null): boolean {
    const attributes = new Map<string, string>();
    const document = {
      documentElement: { lang: pageLanguage, setAttribute: (name: string, value: string) => attributes.set(name, value) },
    };
    storage.clear();
    if (stored !== null) storage.set(STORAGE_KEYS.locale, stored);
    const localStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    };
    new Function('document', 'location', 'localStorage', PRERENDER_LANGUAGE_CHECK)(document, { search }, localStorage);
    return attributes.has('data-prerender-stale');
  }

  it('hides a page in another language than the visitor’s: the lang parameter first, then the stored choice, else French', () => {
    expect(run('fr', '', null)).toBe(false);
    expect(run('fr', '', 'en')).toBe(true);
    expect(run('en', '?lang=en', 'fr')).toBe(false);
    expect(run('fr', '?lang=en', null)).toBe(true);
    expect(run('en', '?lang=de', null)).toBe(true);
    expect(run('en', '', 'en')).toBe(false);
  });

  it('remembers a lang parameter at once, so a link followed before the app has loaded keeps the language', () => {
    run('en', '?lang=en', 'fr');
    expect(storage.get(STORAGE_KEYS.locale)).toBe('en');
    run('fr', '?lang=de', 'en');
    expect(storage.get(STORAGE_KEYS.locale)).toBe('en');
    run('fr', '', null);
    expect(storage.has(STORAGE_KEYS.locale)).toBe(false);
  });
});

describe('compressDirectory', () => {
  it('writes Brotli and gzip copies of text files only, when they are smaller', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'compress-'));
    try {
      const script = 'export const value = "the same words again";\n'.repeat(100);
      await mkdir(join(dir, 'assets'));
      await writeFile(join(dir, 'assets', 'app.js'), script);
      await writeFile(join(dir, 'tiny.txt'), 'a');
      await writeFile(join(dir, 'photo.png'), Buffer.alloc(2000, 1));
      expect(await compressDirectory(dir)).toBe(1);
      expect(brotliDecompressSync(await readFile(join(dir, 'assets', 'app.js.br'))).toString()).toBe(script);
      expect(gunzipSync(await readFile(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script);
      await expect(readFile(join(dir, 'tiny.txt.br'))).rejects.toThrow();
      await expect(readFile(join(dir, 'photo.png.gz'))).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('robots.txt', () => {
  const robots = () => readFile(new URL('../public/robots.txt', import.meta.url), 'utf8');

  it('opens the public site, closes the private screens, e-mailed links and endpoints, and names the sitemap by its absolute URL', async () => {
    const text = await robots();
    const disallowed = [...text.matchAll(/^Disallow: (.+)$/gm)].map((match) => match[1]);
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    for (const path of [
      '/parametres',
      '/modifier-profil',
      '/gerer-annonces',
      '/gestion-',
      '/conversations',
      '/alertes',
      '/favoris',
      '/annonces/modifier/',
    ]) {
      expect(disallowed).toContain(path);
    }
    // The public pages and ads stay open: no rule is a prefix of theirs.
    for (const open of [
      '/accueil',
      '/annonces',
      '/annonces/creer-des-repas-0f8fad5b-d9cb-469f-a165-70867728950e',
      '/connexion',
      '/inscription',
    ]) {
      const blocking = disallowed.filter((rule) => (rule!.endsWith('$') ? open === rule!.slice(0, -1) : open.startsWith(rule!)));
      expect(blocking, open).toEqual([]);
    }
    expect(withSitemap(text, 'https://partage.example')).toMatch(/\n\nSitemap: https:\/\/partage\.example\/sitemap\.xml\n$/);
  });
});
