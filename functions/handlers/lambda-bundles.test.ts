// What each Lambda ships, bundled as infra/aws/lambdas.ts bundles it: no local adapter (the local host's
// composition root, adapters/local-host.ts, hands those in: the outbox's mailer and phone verifier write
// codes and links to files, the payment simulator's records use the production table's keys); Stripe's
// adapter in the Lambdas that call Stripe; the X-Ray tracer only in the money Lambdas
// (adapters/tracing.ts); pdfkit only in the PDF route's; and every entry point observed under its own name (shared/observed.ts).
import { join } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { TWILIO_BUNDLE_ALIASES } from '../adapters/twilio-bundling';
import { HANDLER_ACCESS } from './access';
import { AUTHORIZER, HTTP_ROUTES, RESOLVER_LAMBDAS } from './catalog';
import { LAMBDA_NODE_TARGET } from './node-target';
import { CRON_JOBS, ONE_TIME_JOBS } from './schedules';

const LAMBDAS = [
  ...new Set([
    AUTHORIZER,
    ...RESOLVER_LAMBDAS.map((lambda) => lambda.name),
    ...HTTP_ROUTES.map((route) => route.name),
    ...[...CRON_JOBS, ...ONE_TIME_JOBS].map((job) => job.handler),
  ]),
];

const LOCAL_ONLY =
  /adapters\/(local-host|local-file-store|local-publisher|outbox|outbox-phone-verifier|table-scheduler|payment-simulator|simulated-payment-provider|metrics-recorder)\.ts$|domain\/places\/(place-suggestions\.ts|quebec-places\.json)$/;

const callsStripe = (name: string) => HANDLER_ACCESS[name]?.secrets?.includes('stripe') ?? false;

/**
 * The Lambdas whose work is Stripe's: onboarding, its events, the payouts. Not `contracts`: one mutation
 * of many calls Stripe there, and the server-rendered pages (seo) carry its field map, so the tracer
 * would weigh on both; not `phone`, which the tracer would take over its 500 KB (infra/aws/stack.test.ts).
 */
const TRACED = ['payments', 'stripe-webhook', 'contract-payouts'];

async function inputsOf(name: string): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [join(import.meta.dirname, `${name}.ts`)],
    bundle: true,
    platform: 'node',
    target: LAMBDA_NODE_TARGET,
    format: 'esm',
    mainFields: ['module', 'main'],
    external: ['@aws-sdk/*'],
    ...(HANDLER_ACCESS[name]?.secrets?.includes('twilio') && { alias: TWILIO_BUNDLE_ALIASES }),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys((metafile as Metafile).inputs);
}

describe('the Lambda bundles', () => {
  const inputs = new Map<string, string[]>();
  beforeAll(async () => {
    // One after the other: the machine's two cores are shared with the other tests.
    for (const name of LAMBDAS) inputs.set(name, await inputsOf(name));
    // Bundling every Lambda is seconds of esbuild, more on a busy machine: only a hang should fail.
  }, 240_000);

  it.each(LAMBDAS)('%s carries no local adapter', (name) => {
    expect(inputs.get(name)!.filter((input) => LOCAL_ONLY.test(input))).toEqual([]);
  });

  it.each(LAMBDAS.filter(callsStripe))('%s carries Stripe', (name) => {
    expect(inputs.get(name)!.some((input) => input.endsWith('adapters/stripe-payment-provider.ts'))).toBe(true);
  });

  // A Lambda without the Stripe secret that carries the payment port would fail the day its code calls
  // it (a suspension expiring sessions did); one that never calls it only carries weight.
  it.each(LAMBDAS.filter((name) => !callsStripe(name)))('%s carries no payment adapter', (name) => {
    expect(inputs.get(name)!.filter((input) => /adapters\/payment-provider\.ts$|node_modules\/stripe\//.test(input))).toEqual([]);
  });

  it('the tracer is in the money Lambdas, and in no other', () => {
    const carrying = LAMBDAS.filter((name) => inputs.get(name)!.some((input) => input.includes('node_modules/aws-xray-sdk-core/')));
    expect(carrying.sort()).toEqual([...TRACED].sort());
  });

  it('pdfkit and its font handling are in the PDF route’s Lambda, and in no other', () => {
    const carrying = LAMBDAS.filter((name) => inputs.get(name)!.some((input) => input.includes('node_modules/pdfkit/')));
    expect(carrying).toEqual(['contract-documents']);
  });

  it.each(LAMBDAS)('%s is observed under its own name', async (name) => {
    const { handler } = (await import(`./${name}.ts`)) as { handler: { name: string } };
    expect(handler.name).toBe(name);
  });
});
