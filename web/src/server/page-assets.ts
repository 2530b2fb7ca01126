// The stylesheets a page rendered ahead of the browser needs from its page chunk (without them it would show
// unstyled, then jump when the chunk's CSS arrives), read from Vite's build manifest (dist/.vite/manifest.json,
// which the build moves beside the server renderer). Its scripts are not preloaded: fetched before the first
// paint, they would only delay it (the app asks for them as soon as it starts).

import type { PublicPage } from '@partage/graphql';

/** The module each public page's route renders (web/src/app/routes.tsx), as the manifest names it. */
export const PAGE_MODULES: Record<PublicPage['path'], string> = {
  '/accueil': 'src/features/site/LandingPage.tsx',
  '/annonces': 'src/features/search/AdSearchPage.tsx',
  '/equipement-a-partager': 'src/features/site/SharePage.tsx',
  '/recherche-d-equipement': 'src/features/site/FindPage.tsx',
  '/a-propos': 'src/features/site/AboutPage.tsx',
  '/faq': 'src/features/site/FaqPage.tsx',
  '/nous-joindre': 'src/features/contact/ContactPage.tsx',
  '/connexion': 'src/features/accounts/LoginPage.tsx',
  '/inscription': 'src/features/accounts/signup/SignupPage.tsx',
  '/confidentialite': 'src/features/site/PrivacyPage.tsx',
};

/** The module of an ad's page (/annonces/{slug}-{id}), which the server renders. */
export const AD_PAGE_MODULE = 'src/features/ads/AdDetailPage.tsx';

/** The module the route of `path` renders, for the pages the server renders; undefined for another path. */
export function pageModuleOf(path: string): string | undefined {
  if (path === '/annonces') return PAGE_MODULES['/annonces'];
  return /^\/annonces\/[^/]+$/.test(path) ? AD_PAGE_MODULE : undefined;
}

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The CSS of the page module's chunk and of the chunks it imports statically, less what index.html loads already. */
export function pageStylesheets(manifest: Manifest, module: string, indexHtml: string): string[] {
  if (!manifest[module]) throw new Error(`The build manifest has no chunk for ${module}: is PAGE_MODULES up to date with routes.tsx?`);
  const visited = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (visited.has(chunk.file)) return;
    visited.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(module);
  return [...styles].filter((file) => !indexHtml.includes(`/${file}"`));
}

/** The <link> tags of a page's stylesheets, for the end of its <head> (after the shell's, which come first). */
export const stylesheetLinks = (files: string[]): string =>
  files.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('\n    ');
