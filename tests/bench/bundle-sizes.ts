// Sizes of what ships: each Lambda bundled as the CDK app bundles it, and the web app's chunks.
import { build } from 'esbuild';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { TWILIO_BUNDLE_ALIASES } from '../../functions/adapters/twilio-bundling';
import { LAMBDA_NODE_TARGET } from '../../functions/handlers/node-target';
import { HANDLER_ACCESS } from '../../functions/handlers/access';
import { AUTHORIZER, HTTP_ROUTES, RESOLVER_LAMBDAS } from '../../functions/handlers/catalog';
import { CRON_JOBS, ONE_TIME_JOBS } from '../../functions/handlers/schedules';
import { kb } from './stats';

export async function lambdaBundleSizes(root: string): Promise<Array<{ name: string; bytes: number; gzip: number }>> {
  const names = [
    ...new Set([
      AUTHORIZER,
      ...RESOLVER_LAMBDAS.map((l) => l.name),
      ...HTTP_ROUTES.map((r) => r.name),
      ...[...CRON_JOBS, ...ONE_TIME_JOBS].map((job) => job.handler),
    ]),
  ];
  const sizes = [];
  for (const name of names) {
    const result = await build({
      entryPoints: [join(root, 'functions/handlers', `${name}.ts`)],
      bundle: true,
      minify: true,
      platform: 'node',
      target: LAMBDA_NODE_TARGET,
      format: 'esm',
      mainFields: ['module', 'main'], // as infra/aws/lambdas.ts: ESM builds of dependencies tree-shake
      external: ['@aws-sdk/*'],
      ...(HANDLER_ACCESS[name]?.secrets?.includes('twilio') && { alias: TWILIO_BUNDLE_ALIASES }), // as infra/aws/lambdas.ts
      write: false,
      logLevel: 'silent',
    });
    const code = result.outputFiles[0]!.contents;
    sizes.push({ name, bytes: code.byteLength, gzip: gzipSync(code).byteLength });
  }
  return sizes;
}

export function webChunkSizes(distDir: string): Array<{ file: string; bytes: number; gzip: number }> {
  const assets = join(distDir, 'assets');
  return readdirSync(assets)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((file) => {
      const path = join(assets, file);
      return { file, bytes: statSync(path).size, gzip: gzipSync(readFileSync(path)).byteLength };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

export function printSizes(rows: Array<{ name?: string; file?: string; bytes: number; gzip: number }>): void {
  for (const r of rows)
    console.log(`  ${(r.name ?? r.file ?? '').padEnd(40)} ${kb(r.bytes).padStart(12)}  gzip ${kb(r.gzip).padStart(10)}`);
}
