// Money back to the tenant, whoever starts it (issue 37 §3, §6). The platform is the merchant of
// record: every refund leaves its own balance, so each one is mirrored on the contract, and a refund
// after the payout first takes back from the owner's transfer what the refund takes from their share.
//
// The platform's refund (refundContract): the owner, in full, while PAID and before the payout; an
// administrator, in full or in part and with a reason, before or after the payout. Safe to redo at
// each step:
// 1. a payout run that may have reached the provider before it died is looked up there first
//    (settleLostPayout): a transfer found makes the contract PAYOUT_DONE before anything else;
// 2. the refund is recorded as asked for, with its idempotency key (a write conditioned on the
//    revision): from then on the payout never runs; a retry of the same request uses the same key;
// 3. after the payout, the owner's transfer is reversed by what they would keep above their new
//    share (key from the request), and the reversal recorded;
// 4. the provider refunds; if it fails, the request is withdrawn (PAYMENT_PROVIDER_UNAVAILABLE);
// 5. the refund recorded (changeMoney): REFUNDED when the payment is all back, else a partial refund.
//
// A refund made anywhere else (the provider's dashboard) reaches the platform as `refund.*` and
// `charge.refunded` events (mirrorRefund): recorded the same way, the owner's transfer reversed first
// when it was paid out; the platform's own refunds come back as events too and change nothing more.

import { AppError, assertValid, refundInputChecks, type Contract, type ContractRole, type RefundContractInput } from '@partage/graphql';
import { paymentProvider, type MoneyEvent, type RefundFacts } from '../../adapters/payment-provider';
import { getContract, replaceContract, type ContractRecord, type ContractRefundEntry } from '../../data/contracts';
import { now } from '../clock';
import { SIGNED_IN, unauthorized, type Identity } from '../identity';
import { providerCall } from '../payments/provider-errors';
import { changeMoney } from './contract-money-changes';
import { disputeOpen, owedByOwnerCents, refundableCents, refundedCents, reversedCents } from './contract-money';
import { PAYOUT_CLAIM_MS, settleLostPayout } from './contract-payouts';
// Not migrated to receiving its ports yet (docs/payments.md, "How the money core gets its ports"): it asks the root for the payout's.
import { contractPorts } from '../../adapters/composition-root';
import { contractView } from './contract-view';
import { requireParty } from './contract-parties';
import { assertVersion, fire } from './contracts';

/** The idempotency key of the contract's next refund: the first keeps the key full refunds always had. */
const refundKey = (contract: ContractRecord) => {
  const count = Object.keys(contract.refunds ?? {}).length;
  return count === 0 ? `refund-contract-${contract.id}` : `refund-contract-${contract.id}-r${count + 1}`;
};

/** The refund's transition: after the payout an administrator's (the owner may refund only before it: refused by the status). */
const refundBy = (contract: ContractRecord, role: ContractRole) =>
  role === 'ADMIN' && (contract.status === 'PAYOUT_DONE' || contract.status === 'CLOSED') ? 'REFUND_AFTER_PAYOUT' : 'REFUND';

/** An administrator's amount and reason, checked against what is left; the owner gives neither (everything left). */
function refundRequestOf(
  contract: ContractRecord,
  role: ContractRole,
  input: RefundContractInput,
): { amountCents: number; reason?: string } {
  const left = refundableCents(contract);
  if (role !== 'ADMIN') {
    if (input.amountCents != null || input.reason != null) throw unauthorized();
    return { amountCents: left };
  }
  assertValid(refundInputChecks(input));
  if (input.amountCents != null && input.amountCents > left)
    throw new AppError('REFUND_TOO_LARGE', `At most ${left} cents are left to refund`);
  return { amountCents: input.amountCents ?? left, reason: input.reason!.trim() };
}

/**
 * Takes back from the owner's transfer what they would keep above their share once `refund` is
 * counted (nothing before the payout), with `key`, and answers the contract with the reversal recorded.
 * A reversal that certainly reached nobody (a refusal) fails the caller, which the provider or the
 * administrator retries; the same key then finds the same reversal.
 */
const reverseOwed = (contract: ContractRecord, withRefund: ContractRecord, key: string): Promise<ContractRecord> =>
  reverseOwnerTransfer(contract, owedByOwnerCents(withRefund), key);

/** Takes `amountCents` back from the owner's transfer with `key`, and answers the contract with the reversal recorded. */
export async function reverseOwnerTransfer(contract: ContractRecord, amountCents: number, key: string): Promise<ContractRecord> {
  const transferId = contract.payout?.transferId;
  if (amountCents === 0 || !transferId) return contract;
  const provider = await paymentProvider();
  const reversal = await provider.reverseTransfer({ transferId, amountCents, contractId: contract.id, idempotencyKey: key });
  return (await recordReversal(contract.id, reversal.reversalId, reversal.amountCents)) ?? contract;
}

/** A reversal of the owner's transfer recorded on the contract (once by id), told to both parties the first time. */
export function recordReversal(contractId: string, reversalId: string, amountCents: number): Promise<ContractRecord | undefined> {
  return changeMoney(
    contractId,
    (contract) => {
      if (!contract.payout || contract.payout.reversals?.[reversalId]) return null;
      const reversals = { ...contract.payout.reversals, [reversalId]: { amountCents, at: now().toISOString() } };
      const next = { ...contract, payout: { ...contract.payout, reversals } };
      // Its transfer.reversed event may have come first and told it already (as a floor): told once.
      return { next, kind: reversedCents(next) > reversedCents(contract) ? 'PAYOUT_REVERSED' : null };
    },
    { cause: 'REFUND', actor: 'SYSTEM', actorId: null },
  );
}

/** The contract with `refundId` merged in (a new refund, or a new state of a known one); null when it says nothing new. */
function withRefund(contract: ContractRecord, refundId: string, entry: ContractRefundEntry): ContractRecord | null {
  const known = contract.refunds?.[refundId];
  if (known && known.state === entry.state && known.amountCents === entry.amountCents) return null;
  // A refund's state moves on (pending → succeeded | failed), never back: a late event of an older state is left out.
  if (known && (known.state === 'SUCCEEDED' || known.state === 'FAILED' || known.state === 'CANCELED') && entry.state === 'PENDING')
    return null;
  return {
    ...contract,
    refunds: { ...contract.refunds, [refundId]: { ...entry, reason: known?.reason ?? entry.reason, at: known?.at ?? entry.at } },
  };
}

/** Who a refund asked here is recorded for: the owner or an administrator; the platform for a tenant's cancellation under its policy. */
type RefundAsker = { role: 'OWNER' | 'ADMIN' | 'SYSTEM'; userId: string | null };

/**
 * Who a refund the provider tells of is recorded for: the owner or the administrator who asked it here when
 * it answers their request (the event may come before their own call records it: the step is theirs all
 * the same), else the platform.
 */
function askerOf(contract: ContractRecord, entry: ContractRefundEntry): RefundAsker {
  const asked = contract.refund;
  if (entry.origin !== 'PLATFORM' || !asked || asked.amountCents !== entry.amountCents) return { role: 'SYSTEM', userId: null };
  if (asked.requestedBy === contract.tenantId) return { role: 'SYSTEM', userId: asked.requestedBy };
  return { role: asked.requestedBy === contract.ownerId ? 'OWNER' : 'ADMIN', userId: asked.requestedBy };
}

/** Records a refund (the platform's, answered; or the provider's event): REFUNDED when the payment is all back, else a partial refund. */
function recordRefund(
  contractId: string,
  refundId: string,
  entry: ContractRefundEntry,
  actor: RefundAsker,
): Promise<ContractRecord | undefined> {
  return changeMoney(
    contractId,
    (contract) => {
      const next = withRefund(contract, refundId, entry);
      // The platform's request is answered once its refund is recorded (by its caller, or by its event first).
      // An event matches the request by its amount when the request's caller died before recording it.
      const isNew = !contract.refunds?.[refundId] && (entry.state === 'PENDING' || entry.state === 'SUCCEEDED');
      const answered =
        contract.refund &&
        (actor.role !== 'SYSTEM' || (entry.origin === 'PLATFORM' && isNew && contract.refund.amountCents === entry.amountCents));
      if (!next) return answered ? { next: { ...contract, refund: undefined }, kind: null } : null;
      // An administrator's reason stays in the history with its step.
      const reason = actor.role === 'ADMIN' ? (contract.refund?.reason ?? entry.reason) : undefined;
      return { next: { ...next, refund: answered ? undefined : next.refund }, kind: isNew ? 'PARTLY_REFUNDED' : null, reason };
    },
    { cause: 'REFUND', actor: actor.role, actorId: actor.userId },
  );
}

/** The owner or an administrator gives money back to the tenant (see the top of this file). */
export async function refundContract(identity: Identity, input: RefundContractInput): Promise<Contract> {
  const { contract: read, role, userId } = await requireParty(identity, input?.contractId, SIGNED_IN);
  fire(read, refundBy(read, role), role, { disputeOpen: disputeOpen(read) });
  assertVersion(read, input.expectedVersion);
  if (read.payout?.claimedAt && now().getTime() - Date.parse(read.payout.claimedAt) < PAYOUT_CLAIM_MS)
    throw new AppError('CONTRACT_STATUS_CONFLICT', 'The payout is under way');
  const request = refundRequestOf(read, role, input);

  // A payout run that died may have made its transfer: the contract is then paid out, before anything else.
  const contract = read.status === 'PAID' && read.payout ? await settleLostPayout(contractPorts, read) : read;
  if (contract.status !== read.status) fire(contract, refundBy(contract, role), role);
  const written = await giveBack(contract, { ...request, requestedBy: userId }, { role: role === 'ADMIN' ? 'ADMIN' : 'OWNER', userId });
  return contractView(written, role);
}

/** What a refund is written with, and taken away with when nothing went back (a cancellation and its step). */
export interface RefundCause {
  add: (contract: ContractRecord) => ContractRecord;
  remove: (contract: ContractRecord) => ContractRecord;
}

/**
 * Gives `request.amountCents` back to the tenant (steps 2 to 5 at the top of this file), the request
 * recorded with its `cause`, withdrawn with it when nothing went back. Resumes the contract's request
 * under way, with its key and amount, when there is one (a retry after a crash). Answers the contract
 * as written.
 */
export async function giveBack(
  contract: ContractRecord,
  request: { amountCents: number; reason?: string; requestedBy: string },
  asker: RefundAsker,
  cause?: RefundCause,
): Promise<ContractRecord> {
  const key = contract.refund?.key ?? refundKey(contract);
  // A request under way is resumed as recorded: nothing to write (its own event may be recording it meanwhile).
  let asked = contract.refund
    ? contract
    : await replaceContract(contract, {
        ...(cause ? cause.add(contract) : contract),
        refund: {
          requestedAt: now().toISOString(),
          requestedBy: request.requestedBy,
          amountCents: request.amountCents,
          reason: request.reason,
          key,
        },
      });
  const amountCents = asked.refund!.amountCents ?? request.amountCents;
  const entry: ContractRefundEntry = {
    amountCents,
    state: 'PENDING',
    origin: 'PLATFORM',
    ...(asked.refund!.reason ? { reason: asked.refund!.reason } : {}),
    at: now().toISOString(),
  };
  const provider = await paymentProvider();
  let refund: { refundId: string; state: ContractRefundEntry['state'] };
  try {
    asked = await providerCall(() => reverseOwed(asked, { ...asked, refunds: { ...asked.refunds, [key]: entry } }, `reverse-${key}`));
    refund = await providerCall(() =>
      provider.createRefund({
        paymentIntentId: asked.payment!.paymentIntentId,
        ...(amountCents === asked.payment!.amountCents ? {} : { amountCents }),
        contractId: asked.id,
        idempotencyKey: key,
      }),
    );
  } catch (error) {
    // Nothing went back: the request is withdrawn with its cause (a reversal made stays recorded, and is not made again).
    const current = await getContract(asked.id);
    if (current?.refund?.key === key) await replaceContract(current, { ...(cause ? cause.remove(current) : current), refund: undefined });
    throw error;
  }
  const written = await recordRefund(asked.id, refund.refundId, { ...entry, state: refund.state }, asker);
  return written!;
}

/**
 * The paid contract a money event is about: the group its charge names (the contract's id), asked of
 * the provider when the event does not say; undefined when it is no payment of the contract's (a
 * payment of an earlier attempt, refunded when it came, names the same group but another payment).
 */
export async function contractOfCharge(
  event: { chargeId: string; paymentIntentId: string | null },
  transferGroup: string | null,
): Promise<ContractRecord | undefined> {
  const contractId = transferGroup ?? (await (await paymentProvider()).chargeTransferGroup(event.chargeId));
  const contract = contractId ? await getContract(contractId) : undefined;
  if (!contract?.payment) return undefined;
  return !event.paymentIntentId || event.paymentIntentId === contract.payment.paymentIntentId ? contract : undefined;
}

/**
 * A refund the provider tells of (`refund.*`, `charge.refunded`), from anywhere: recorded on its
 * contract (a payment of no contract is none of the platform's). Made outside the platform after the
 * payout, the owner's transfer is reversed first by what the refund takes from their share.
 */
export async function mirrorRefund(event: Extract<MoneyEvent, { kind: 'REFUND' | 'CHARGE_REFUNDED' }>): Promise<void> {
  const contract = await contractOfCharge(event, event.kind === 'CHARGE_REFUNDED' ? event.transferGroup : event.refund.contractId);
  if (!contract) return;
  const refunds: RefundFacts[] = event.kind === 'REFUND' ? [event.refund] : event.refunds;
  let current = contract;
  if (event.kind === 'CHARGE_REFUNDED' && event.amountRefundedCents > (contract.payment!.chargeRefundedCents ?? 0)) {
    const total = event.amountRefundedCents;
    current =
      (await changeMoney(
        contract.id,
        (c) =>
          total > (c.payment!.chargeRefundedCents ?? 0)
            ? { next: { ...c, payment: { ...c.payment!, chargeRefundedCents: total } }, kind: null }
            : null,
        { cause: 'REFUND', actor: 'SYSTEM', actorId: null },
      )) ?? contract;
  }
  for (const refund of refunds) {
    const entry: ContractRefundEntry = {
      amountCents: refund.amountCents,
      state: refund.state,
      origin: refund.contractId === contract.id ? 'PLATFORM' : 'OUTSIDE',
      at: now().toISOString(),
    };
    if (entry.origin === 'OUTSIDE')
      current = await reverseOwed(
        current,
        withRefund(current, refund.refundId, entry) ?? current,
        `reverse-${contract.id}-${refund.refundId}`,
      );
    current = (await recordRefund(contract.id, refund.refundId, entry, askerOf(current, entry))) ?? current;
  }
  // The charge's total may say more than the refunds listed (recent API versions list none): the owner owes it all the same.
  if (refunds.length === 0 && refundedCents(current) > 0)
    await reverseOwed(current, current, `reverse-${contract.id}-refunded-${refundedCents(current)}`);
}
