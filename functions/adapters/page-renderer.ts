// The web app's server renderer (web/src/server-render.tsx), which `npm run build -w web` builds into
// web/dist-server/server-render.js, self-contained: the local host loads it from there, a Lambda from its
// own bundle (PAGE_RENDERER_PATH; infra/aws/lambdas.ts copies the build in). Loaded once per process, when
// a page first needs it (its first load parses the app: about a second on a Lambda's cold start).

import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerPageRequest } from '@partage/graphql';

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
