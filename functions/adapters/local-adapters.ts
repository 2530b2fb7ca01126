// The local host's adapters, handed in by its composition root (local-host.ts): each port picks its AWS
// adapter from the environment itself and asks here for the local one, so no port imports a local
// adapter and no Lambda bundle carries one (handlers/lambda-bundles.test.ts). Each factory reads the
// environment when its port first chooses, as the AWS adapters do.

import type { FileStore } from './file-store';
import type { Mailer } from './mailer';
import type { MetricsRecorder } from './metrics';
import type { PaymentProvider } from './payment-provider';
import type { PhoneVerifier } from './phone-verifier';
import type { PlaceSearch } from './places';
import type { Publisher } from './publisher';
import type { Scheduler } from './scheduler';

export interface LocalAdapters {
  mailer(): Mailer;
  phoneVerifier(): PhoneVerifier;
  fileStore(): FileStore;
  publisher(): Publisher;
  /** `targets`: job name -> the handler that runs it (SCHEDULE_TARGETS). */
  scheduler(targets: Record<string, string>): Scheduler;
  placeSearch(): PlaceSearch;
  paymentProvider(): PaymentProvider;
  metrics(): MetricsRecorder;
}

let registered: LocalAdapters | undefined;

/** Called by the local host and the tests (local-host.ts useLocalAdapters). */
export function registerLocalAdapters(adapters: LocalAdapters): void {
  registered = adapters;
}

/** The local adapters; `setting` (e.g. `MAIL_ADAPTER=outbox`) names what asked, for the error when none are registered. */
export function localAdapters(setting: string): LocalAdapters {
  if (!registered) throw new Error(`${setting}: the local adapters are the local host's to register (useLocalAdapters)`);
  return registered;
}
