// The web app's index.html, which the pages the server writes (an ad's, functions/domain/site/ad-page.ts) are
// built on, so they load the deployed build's scripts. Fetched from the site itself (PUBLIC_URL: CloudFront's
// default behaviour on AWS, the local host's web/dist locally), one code path for both hosts, and kept a
// minute per container: a deployment reaches the pages within that minute.

import { now } from '../domain/clock';
import { forgetWithChoices } from './chosen-once';
import { publicUrl } from './env';

const KEEP_MS = 60_000;
let cached: { html: string; fetchedAt: number } | undefined;
forgetWithChoices(() => (cached = undefined));

export async function siteTemplate(): Promise<string> {
  const time = now().getTime();
  if (cached && time - cached.fetchedAt < KEEP_MS) return cached.html;
  const response = await fetch(`${publicUrl()}/index.html`, { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`GET /index.html answered ${response.status}`);
  cached = { html: await response.text(), fetchedAt: time };
  return cached.html;
}
