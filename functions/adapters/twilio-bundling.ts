// How a Lambda that carries the Twilio SDK is bundled (infra/aws/lambdas.ts, tests/bench/bundle-sizes.ts):
// the SDK's HTTP client (axios) imports `form-data`, whose MIME table alone is ~134 KB minified, for
// multipart bodies the SDK never sends. Aliasing it to a stub keeps the phone Lambda under 500 KB.

import { fileURLToPath } from 'node:url';

export const TWILIO_BUNDLE_ALIASES: Record<string, string> = {
  'form-data': fileURLToPath(new URL('./no-form-data.cjs', import.meta.url)),
};
