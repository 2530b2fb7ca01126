// The files a prerendered page needs before the app takes it over: its page chunk's stylesheets (without
// them the page would show unstyled, then jump when the chunk's CSS arrives) and its scripts, preloaded so
// the takeover comes sooner. Read from Vite's build manifest (dist/.vite/manifest.json).

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
};

export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** The page module's chunk and the chunks it imports statically, with their CSS, less what index.html loads already. */
export function pageAssets(manifest: Manifest, module: string, indexHtml: string): { scripts: string[]; styles: string[] } {
  if (!manifest[module]) throw new Error(`The build manifest has no chunk for ${module}: is PAGE_MODULES up to date with routes.tsx?`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key]!;
    if (scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  visit(module);
  const notInIndex = (file: string) => !indexHtml.includes(`/${file}"`);
  return { scripts: [...scripts].filter(notInIndex), styles: [...styles].filter(notInIndex) };
}

/** The <link> tags of a page's assets, for its <head>. */
export const pageAssetLinks = ({ scripts, styles }: { scripts: string[]; styles: string[] }): string =>
  [
    ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
