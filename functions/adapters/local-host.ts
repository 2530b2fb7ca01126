// The local host's composition root: the adapters that stand in for AWS and the third parties on
// `npm start`, in the tests and the benches: the outbox for SES and Twilio Verify, files under the
// data folder for S3, the real-time server for AppSync, the table for EventBridge Scheduler, the
// bundled gazetteer for Amazon Location, the payment simulator for Stripe, an in-process recorder for
// CloudWatch metrics. Only the local host imports this module; the ports find them through
// local-adapters.ts.

import { searchGazetteer } from '../domain/places/place-suggestions';
import { publicUrl, requireEnv } from './env';
import { localFileStore } from './local-file-store';
import { registerLocalAdapters } from './local-adapters';
import { localPublisher } from './local-publisher';
import { metricsRecorder } from './metrics-recorder';
import { outboxMailer } from './outbox';
import { outboxPhoneVerifier } from './outbox-phone-verifier';
import { simulatedPaymentProvider } from './simulated-payment-provider';
import { tableScheduler } from './table-scheduler';

export function useLocalAdapters(): void {
  registerLocalAdapters({
    mailer: () => outboxMailer(requireEnv('OUTBOX_DIR')),
    phoneVerifier: () => outboxPhoneVerifier(requireEnv('OUTBOX_DIR')),
    fileStore: () => localFileStore({ dir: requireEnv('FILE_STORE_DIR'), secret: requireEnv('FILE_STORE_SECRET'), baseUrl: publicUrl }),
    publisher: localPublisher,
    scheduler: tableScheduler,
    placeSearch: () => ({ search: async (text, options) => searchGazetteer(text, options) }),
    // Its events are signed with PAYMENT_SIMULATOR_WEBHOOK_SECRET, as Stripe's with the endpoint's.
    paymentProvider: () => simulatedPaymentProvider({ webhookSecret: requireEnv('PAYMENT_SIMULATOR_WEBHOOK_SECRET') }),
    metrics: metricsRecorder,
  });
}
