// The payment simulator is the local host's: no Lambda that reaches the payments port carries it (its
// records are written with the production table's keys). The port never imports it; the local host and
// the tests register it (adapters/payment-provider.ts registerPaymentSimulator).
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { HANDLER_ACCESS } from './access';
import { LAMBDA_NODE_TARGET } from './node-target';

const PAYMENT_LAMBDAS = Object.entries(HANDLER_ACCESS)
  .filter(([, access]) => access.secrets?.includes('stripe'))
  .map(([name]) => name);

describe('the Lambdas that call the payment provider', () => {
  it.each(PAYMENT_LAMBDAS)(
    '%s carries Stripe and not the simulator',
    async (name) => {
      const { metafile } = await build({
        entryPoints: [join(import.meta.dirname, `${name}.ts`)],
        bundle: true,
        platform: 'node',
        target: LAMBDA_NODE_TARGET,
        format: 'esm',
        mainFields: ['module', 'main'],
        external: ['@aws-sdk/*', 'twilio'],
        write: false,
        metafile: true,
        logLevel: 'silent',
      });
      const inputs = Object.keys(metafile.inputs);
      expect(inputs.some((input) => input.endsWith('adapters/stripe-payment-provider.ts'))).toBe(true);
      expect(inputs.filter((input) => /payment-simulator|simulated-payment-provider/.test(input))).toEqual([]);
      // A bundle is seconds of esbuild, more on a machine busy with the other tiers: only a hang should fail.
    },
    120_000,
  );
});
