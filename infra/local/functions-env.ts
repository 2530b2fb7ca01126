// The environment the functions read at cold start (docs/contracts.md), set for the local host:
// local DynamoDB and fixed credentials (never a developer's AWS profile), the outbox instead of
// SES and Twilio Verify, the payment simulator instead of Stripe, the bundled gazetteer instead of Amazon Location, the real-time server for published events, the table for one-time schedules, files under
// the data folder, business metrics counted in the process, and secrets (JWT, file store) generated
// once per data folder so what they signed survives a restart. The local adapters are the local host's
// composition root's (functions/adapters/local-host.ts).

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { forgetChoices } from '@partage/functions/adapters/chosen-once';
import { useLocalAdapters } from '@partage/functions/adapters/local-host';
import { ONE_TIME_JOBS } from '@partage/functions/handlers/schedules';
import { localSiteSettings } from '../shared/site-settings';

export const LOCAL_REGION = 'ca-central-1';

export interface FunctionEnv {
  dataDir: string;
  tableName: string;
  dynamoEndpoint: string;
  publicUrl: string;
  version: string;
}

/** A secret generated once per data folder, so what it signed survives a restart. */
async function dataDirSecret(dataDir: string, name: string): Promise<string> {
  const path = join(dataDir, name);
  try {
    await writeFile(path, randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return (await readFile(path, 'utf8')).trim();
}

/** Sets process.env for the handlers; returns the outbox folder (shown by the dev mailbox). */
export async function setFunctionEnv({
  dataDir,
  tableName,
  dynamoEndpoint,
  publicUrl,
  version,
}: FunctionEnv): Promise<{ outboxDir: string }> {
  const outboxDir = join(dataDir, 'outbox');
  await mkdir(outboxDir, { recursive: true });
  delete process.env.JWT_SECRET_ARN;
  delete process.env.AWS_PROFILE;
  delete process.env.AWS_SESSION_TOKEN;
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamoEndpoint,
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    JWT_SECRET: await dataDirSecret(dataDir, 'jwt-secret'),
    MAIL_ADAPTER: 'outbox',
    PHONE_VERIFIER_ADAPTER: 'outbox',
    OUTBOX_DIR: outboxDir,
    MAIL_FROM: 'no-reply@partage.localhost',
    // The address config.json shows on the contact page is the one the contact form writes to.
    CONTACT_EMAIL: localSiteSettings().contactEmail,
    PUBLIC_URL: publicUrl,
    PUBLISH_ADAPTER: 'local',
    PLACES_ADAPTER: 'gazetteer',
    SCHEDULER_ADAPTER: 'table',
    SCHEDULE_TARGETS: JSON.stringify(Object.fromEntries(ONE_TIME_JOBS.map(({ job, handler }) => [job, handler]))),
    FILE_STORE_ADAPTER: 'local',
    FILE_STORE_DIR: dataDir,
    FILE_STORE_SECRET: await dataDirSecret(dataDir, 'file-store-secret'),
    // The payment simulator stands in for Stripe; its events are signed with this secret, as Stripe's with the endpoint's.
    PAYMENT_PROVIDER_ADAPTER: 'simulator',
    PAYMENT_SIMULATOR_WEBHOOK_SECRET: `whsec_${await dataDirSecret(dataDir, 'payment-webhook-secret')}`,
    APP_VERSION: version,
    METRICS_ADAPTER: 'recorder',
    // The platform's own GST and QST numbers on its fee (docs/payments.md, "Taxes"): sample numbers of the
    // right shape unless the environment gives others.
    PLATFORM_GST_NUMBER: process.env.PLATFORM_GST_NUMBER ?? '987654321RT0001',
    PLATFORM_QST_NUMBER: process.env.PLATFORM_QST_NUMBER ?? '9876543210TQ0001',
  });
  forgetChoices();
  useLocalAdapters();
  return { outboxDir };
}
