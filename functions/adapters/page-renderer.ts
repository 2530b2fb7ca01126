// The web app's server renderer (web/src/server-render.tsx), which `npm run build -w web` builds into
// web/dist-server/server-render.js, self-contained: the local host loads it from there, a Lambda from its
// own bundle (PAGE_RENDERER_PATH; infra/aws/lambdas.ts copies the build in). Loaded once per process, when
// a page first needs it (its first load parses the app: about a second on a Lambda's cold start).

import { fileURLToPath, pathToFileURL } from 'node:url';
import type { UiLanguage } from '@partage/graphql';
import type { ResolverEvent } from '../handlers/shared/resolver';

/** The resolvers of the fields a page reads (web/src/server/execute.ts PageResolvers; handlers/shared/page-resolvers.ts). */
export interface PageResolvers {
  /** `Type.field` of every field they serve. */
  fields: ReadonlySet<string>;
  /** Answers calls of fields given AppSync's events, one result per call in order: its value, or AppSync's error envelope. */
  resolve: (calls: ResolverEvent[]) => Promise<unknown[]>;
  /** The visitor's address: resolvers limited per source count them, not the server. */
  sourceAddress?: string;
}

/** renderServerPage's request (web/src/server-render.tsx ServerPageRequest; typed here: functions do not compile the app). */
export interface ServerPageRequest {
  template: string;
  path: string;
  search: string;
  language: UiLanguage;
  origin: string;
  head?: string;
  resolvers: PageResolvers;
}

interface PageRenderer {
  renderServerPage(request: ServerPageRequest): Promise<string>;
}

const BUILT_RENDERER = fileURLToPath(new URL('../../web/dist-server/server-render.js', import.meta.url));

let loaded: Promise<PageRenderer> | undefined;

/** The whole HTML document of a page the server renders (an ad's page, /annonces) for one request. */
export async function renderServerPage(request: ServerPageRequest): Promise<string> {
  loaded ??= import(pathToFileURL(process.env.PAGE_RENDERER_PATH ?? BUILT_RENDERER).href).catch((error: unknown) => {
    loaded = undefined;
    throw new Error(`The server renderer could not be loaded: run \`npm run build -w web\` (${String(error)})`);
  }) as Promise<PageRenderer>;
  return (await loaded).renderServerPage(request);
}
