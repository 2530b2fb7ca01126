// In-memory fakes of the contracts' ports (functions/domain/contracts/contract-ports.ts), for fast unit
// tests of the money core without DynamoDB (docs/payments.md, "How the money core gets its ports"):
// - the repository honours the optimistic revision check as the table's condition does (a write over
//   a contract read before another writer's is refused STALE_VERSION), and can have another writer
//   come first a number of times;
// - the gateway answers an idempotency key's first outcome again, a refusal included, as Stripe does,
//   finds a contract's transfer by its group, and can "die" right after making a transfer (the run ends
//   before it records it, as a Lambda timeout or crash would);
// - the scheduler keeps a pending schedule of the same name as it is; the clock only moves when told.
// DynamoDB Local still tests the repository's own conditions (functions/handlers/*.db.test.ts).

import type { BusinessMetric } from '../adapters/metrics';
import type { PaymentProviderError } from '../adapters/payment-errors';
import type { TransferRequest } from '../adapters/payment-provider';
import type { OneTimeSchedule } from '../adapters/scheduler';
import type { ContractRecord } from '../data/contracts';
import { DataRefusal } from '../data/errors';
import { manualClock, type ManualClock } from '../domain/clock';
import type { ContractPorts, ContractsRepository, Payee, PaymentGateway } from '../domain/contracts/contract-ports';
import type { ContractStepKind } from '@partage/graphql';

export interface FakeContracts extends ContractsRepository {
  /** Stores a contract as it stands (a test's given). */
  put(contract: ContractRecord): void;
  /** The contract as stored now. */
  stored(contractId: string): ContractRecord | undefined;
  /** The owners the payout may find, by user id. */
  payees: Map<string, Payee>;
  /** The rentals counted in both parties' transactions (the `countTransactionAt` writes). */
  transactionsCounted: { contractId: string; at: string }[];
  /** The next `writes` writes each find the contract changed by another writer just before them. */
  otherWriterBefore(writes: number): void;
}

export function fakeContracts(): FakeContracts {
  const contracts = new Map<string, ContractRecord>();
  const payees = new Map<string, Payee>();
  const transactionsCounted: FakeContracts['transactionsCounted'] = [];
  let interferences = 0;
  const read = (contractId: string) => {
    const contract = contracts.get(contractId);
    return contract && structuredClone(contract);
  };
  return {
    put: (contract) => void contracts.set(contract.id, structuredClone(contract)),
    stored: read,
    payees,
    transactionsCounted,
    otherWriterBefore: (writes) => void (interferences = writes),
    get: async (contractId) => read(contractId),
    async replace(before, next, options) {
      const current = contracts.get(before.id);
      if (current && interferences > 0) {
        interferences--;
        contracts.set(before.id, { ...current, revision: current.revision + 1 });
      }
      if (contracts.get(before.id)?.revision !== before.revision)
        throw new DataRefusal('STALE_VERSION', 'The contract was changed meanwhile');
      const written = { ...structuredClone(next), revision: before.revision + 1 };
      contracts.set(before.id, written);
      if (options?.countTransactionAt) transactionsCounted.push({ contractId: before.id, at: options.countTransactionAt });
      return structuredClone(written);
    },
    payee: async (userId) => payees.get(userId),
  };
}

export interface FakeTransfer extends TransferRequest {
  transferId: string;
}

export interface FakeGateway extends PaymentGateway {
  /** Every transfer made, in order. */
  transfers: FakeTransfer[];
  /** New transfers are refused with `refusal` until it is cleared (null): a restricted account. */
  refuseTransfers(refusal: PaymentProviderError | null): void;
  /** The next transfer is made, then the run dies before it hears back (`Lambda timed out`). */
  dieAfterNextTransfer(): void;
}

export function fakeGateway(): FakeGateway {
  const transfers: FakeTransfer[] = [];
  const answers = new Map<string, { transferId: string } | { refused: PaymentProviderError }>();
  let refusal: PaymentProviderError | null = null;
  let dying = false;
  return {
    transfers,
    refuseTransfers: (next) => void (refusal = next),
    dieAfterNextTransfer: () => void (dying = true),
    checkoutCharge: async (sessionId) => `ch_${sessionId}`,
    async createTransfer(request) {
      const answered = answers.get(request.idempotencyKey);
      if (answered && 'refused' in answered) throw answered.refused;
      if (answered) return answered;
      if (refusal) {
        answers.set(request.idempotencyKey, { refused: refusal });
        throw refusal;
      }
      const transfer = { ...request, transferId: `tr_${transfers.length + 1}` };
      transfers.push(transfer);
      answers.set(request.idempotencyKey, { transferId: transfer.transferId });
      if (dying) {
        dying = false;
        throw new Error('Lambda timed out');
      }
      return { transferId: transfer.transferId };
    },
    async findTransfer(transferGroup) {
      const made = transfers.find((transfer) => transfer.transferGroup === transferGroup);
      return made
        ? { transferId: made.transferId, amountCents: made.amountCents, amountReversedCents: 0, destination: made.destination }
        : null;
    },
  };
}

export interface FakeScheduler {
  scheduleOnce(schedule: OneTimeSchedule): Promise<void>;
  /** The schedules made, by name (a second of the same name is not kept: it was pending). */
  pending: Map<string, OneTimeSchedule>;
}

export function fakeScheduler(): FakeScheduler {
  const pending = new Map<string, OneTimeSchedule>();
  return {
    pending,
    scheduleOnce: async (schedule) => {
      if (!pending.has(schedule.name)) pending.set(schedule.name, schedule);
    },
  };
}

/** Every port faked, and the fakes themselves to arrange and inspect. */
export interface FakeContractPorts {
  ports: ContractPorts;
  contracts: FakeContracts;
  payments: FakeGateway;
  scheduler: FakeScheduler;
  clock: ManualClock;
  /** The steps announced to the parties, in order. */
  announced: { contractId: string; kind: ContractStepKind }[];
  /** The business metrics counted. */
  metrics: Partial<Record<BusinessMetric, number>>;
  /** A contract paid at `paidAt` for a rental from `startAt` (see paidContract), stored, its owner onboarded. */
  givenPaid(times: { startAt: Date; paidAt: Date }): ContractRecord;
}

export function fakeContractPorts(start: Date | string = '2026-03-10T12:00:00.000Z'): FakeContractPorts {
  const contracts = fakeContracts();
  const payments = fakeGateway();
  const scheduler = fakeScheduler();
  const clock = manualClock(start);
  const announced: FakeContractPorts['announced'] = [];
  const metrics: FakeContractPorts['metrics'] = {};
  let made = 0;
  return {
    ports: {
      contracts,
      payments,
      scheduler,
      clock,
      notices: { announce: async (contract, kind) => void announced.push({ contractId: contract.id, kind }) },
      metrics: { count: (metric) => void (metrics[metric] = (metrics[metric] ?? 0) + 1) },
    },
    contracts,
    payments,
    scheduler,
    clock,
    announced,
    metrics,
    givenPaid(times) {
      const contract = paidContract({ id: `contract-${++made}`, ...times });
      contracts.put(contract);
      contracts.payees.set(contract.ownerId, { paymentAccountId: `acct_${contract.ownerId}`, suspended: false });
      return contract;
    },
  };
}

/**
 * A PAID contract of 250 $ (a 25 $ fee: the owner's share is 225 $) for a two-day rental from
 * `startAt`, paid in full at `paidAt` through the Checkout Session `cs_<id>`.
 */
export function paidContract({ id, startAt, paidAt }: { id: string; startAt: Date; paidAt: Date }): ContractRecord {
  const at = paidAt.toISOString();
  const endAt = new Date(startAt.getTime() + 2 * 86_400_000);
  return {
    id,
    adId: `ad-of-${id}`,
    conversationId: `conversation-of-${id}`,
    ownerId: `owner-of-${id}`,
    tenantId: `tenant-of-${id}`,
    status: 'PAID',
    version: 1,
    revision: 3,
    createdAt: at,
    updatedAt: at,
    content: {
      precision: 'DAY',
      start: startAt.toISOString().slice(0, 10),
      end: endAt.toISOString().slice(0, 10),
      startAt: startAt.toISOString(),
      endAt: endAt.toISOString(),
      totalPriceCents: 25_000,
      platformFeeCents: 2_500,
      terms: '<p>Conditions</p>',
      files: [],
      disclaimerAccepted: true,
    },
    history: [{ kind: 'PAID', at, actorId: null, status: 'PAID', version: 1 }],
    payment: { sessionId: `cs_${id}`, paymentIntentId: `pi_${id}`, amountCents: 25_000, paidAt: at },
  };
}
