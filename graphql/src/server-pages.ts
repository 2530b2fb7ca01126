// The contract between the pages the server paints (functions/handlers/seo.ts, adapters/page-renderer.ts)
// and the web app's server renderer (web/src/server-render.tsx), which neither side compiles of the other.

import type { UiLanguage } from './enums';

/** AppSync's `info` in a direct Lambda resolver's event (functions/handlers/shared/resolver.ts). */
export interface ResolverInfo {
  fieldName: string;
  parentTypeName: string;
  variables: Record<string, unknown>;
  selectionSetList: string[];
  selectionSetGraphQL: string;
}

/** The event the renderer gives a resolver for one field of one parent: an anonymous caller's. */
export interface PageResolverCall {
  arguments: Record<string, unknown>;
  identity: null;
  source: unknown;
  info: ResolverInfo;
  request: { headers: Record<string, string> };
  prev: null;
  stash: Record<string, never>;
}

/** The server's resolvers of the fields a page reads (functions/handlers/shared/page-resolvers.ts). */
export interface PageResolvers {
  /** `Type.field` of every field they serve. */
  fields: ReadonlySet<string>;
  /** Answers calls of fields, one result per call in order: its value, or AppSync's error envelope. */
  resolve: (calls: PageResolverCall[]) => Promise<unknown[]>;
  /** The visitor's address: resolvers limited per source count them, not the server. */
  sourceAddress?: string;
}

/** One page for one request (renderServerPage). */
export interface ServerPageRequest {
  /** The deployed index.html (functions/adapters/site-template.ts). */
  template: string;
  path: string;
  /** The query string, with its `?` or empty: a search's criteria. */
  search: string;
  language: UiLanguage;
  origin: string;
  /** Head tags of the server's own in place of the page's (an ad's Open Graph tags and picture preload). */
  head?: string;
  resolvers: PageResolvers;
}
