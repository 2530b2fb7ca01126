// What the contracts' money core is handed instead of finding it (issue 37, "the money core receives
// its ports"; docs/payments.md, "How the money core gets its ports"): the contracts' repository, the
// payment gateway, the scheduler, the clock, the notices to the parties and the business metrics, as one
// argument. The host's composition root builds it (functions/adapters/composition-root.ts); a handler
// passes it on; a unit test hands in the in-memory fakes of functions/testing/fake-contract-ports.ts.
// Each port names only the calls the migrated use cases make: the next slice adds what it needs.

import type { BusinessMetric } from '../../adapters/metrics';
import type { PaymentProvider } from '../../adapters/payment-provider';
import type { Scheduler } from '../../adapters/scheduler';
import type { ContractRecord } from '../../data/contracts';
import type { Clock } from '../clock';
import type { ContractStepKind } from '@partage/graphql';

/** The owner as the payout sees them. */
export interface Payee {
  /** Their connected account; null before they onboarded. */
  paymentAccountId: string | null;
  suspended: boolean;
}

export interface ContractsRepository {
  get(contractId: string): Promise<ContractRecord | undefined>;
  /**
   * Writes `next` over `before` (revision + 1), refused with DataRefusal STALE_VERSION when the contract
   * changed since `before` was read. With `countTransactionAt` (ISO), the rental is counted in both
   * parties' transactions at arm's length in the same write (one per pair of accounts per period).
   */
  replace(before: ContractRecord, next: ContractRecord, options?: { countTransactionAt?: string }): Promise<ContractRecord>;
  payee(userId: string): Promise<Payee | undefined>;
}

/** The provider's calls the payout makes. */
export type PaymentGateway = Pick<PaymentProvider, 'checkoutCharge' | 'createTransfer' | 'findTransfer'>;

export interface ContractNotices {
  /** Tells both parties of a step `actorId` made (their open pages, the conversation, the e-mails). */
  announce(contract: ContractRecord, kind: ContractStepKind, actorId: string): Promise<void>;
}

export interface ContractPorts {
  contracts: ContractsRepository;
  payments: PaymentGateway;
  scheduler: Pick<Scheduler, 'scheduleOnce'>;
  clock: Clock;
  notices: ContractNotices;
  metrics: { count(metric: BusinessMetric): void };
}
