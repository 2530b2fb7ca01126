// A dispute of the tenant's payment (issue 37 §2): the tenant's bank takes the money back from the
// platform's balance until it decides, since the platform is the merchant of record. Recorded on the
// contract from the provider's `charge.dispute.*` events, in any order (a closed dispute never opens
// again):
// - opened: the payout is held (contract-money.ts payoutHold; nextStatus refuses the payout and any
//   refund while it is open), administrators are e-mailed the evidence due date and the contract's
//   page (its versions, terms and history: the evidence), both parties are told;
// - won (or an inquiry closed): the payout is scheduled again if it has not run;
// - lost: the owner's transfer, if made, is reversed (the terms: the owner bears a chargeback up to
//   what they received), the contract becomes REFUNDED (CHARGEBACK) and leaves both parties' counts.
// An early fraud warning is recorded for administrators, who may refund before a dispute comes.
// A reversal of the owner's transfer made in the provider's dashboard (`transfer.reversed`) is recorded too.

import { countMetric } from '../../adapters/metrics';
import type { MoneyEvent } from '../../adapters/payment-provider';
import { getContract, type ContractDisputeRecord, type ContractRecord } from '../../data/contracts';
import { now } from '../clock';
import { emailAdministratorsOfMoney } from './contract-notices';
import { changeMoney } from './contract-money-changes';
import { keptByOwnerCents, reversedCents } from './contract-money';
import { resumePayout } from './contract-payouts';
// Not migrated to receiving its ports yet (docs/payments.md, "How the money core gets its ports"): it asks the root for the payout's.
import { contractPorts } from '../../adapters/composition-root';
import { contractOfCharge, reverseOwnerTransfer } from './contract-refunds';

type DisputeEvent = Extract<MoneyEvent, { kind: 'DISPUTE' }>;

const CLOSED_STATES = new Set<ContractDisputeRecord['state']>(['WON', 'LOST', 'WARNING_CLOSED']);

/** The dispute as the event tells it, over what the contract knew; null when the event says nothing new (or is older than a close). */
function disputeAfter(contract: ContractRecord, event: DisputeEvent): ContractDisputeRecord | null {
  const known = contract.dispute?.disputeId === event.disputeId ? contract.dispute : undefined;
  if (known && CLOSED_STATES.has(known.state) && event.state === 'OPEN') return null;
  const at = now().toISOString();
  const next: ContractDisputeRecord = {
    disputeId: event.disputeId,
    state: event.state,
    providerStatus: event.providerStatus,
    reason: event.reason,
    amountCents: event.amountCents,
    evidenceDueBy: event.evidenceDueBy,
    openedAt: known?.openedAt ?? at,
    ...(CLOSED_STATES.has(event.state) ? { closedAt: known?.closedAt ?? at } : {}),
  };
  const same =
    known && known.state === next.state && known.providerStatus === next.providerStatus && known.evidenceDueBy === next.evidenceDueBy;
  return same ? null : next;
}

export async function onDispute(event: DisputeEvent): Promise<void> {
  const contract = await contractOfCharge(event, null);
  if (!contract) return;
  const before = contract.dispute?.disputeId === event.disputeId ? contract.dispute.state : undefined;
  // Lost after the payout: the owner's transfer is taken back first (its key from the dispute: once).
  if (event.state === 'LOST' && keptByOwnerCents(contract) > 0)
    await reverseOwnerTransfer(contract, keptByOwnerCents(contract), `reverse-${contract.id}-${event.disputeId}`);
  const written = await changeMoney(
    contract.id,
    (current) => {
      const dispute = disputeAfter(current, event);
      if (!dispute) return null;
      const opened = dispute.state === 'OPEN' && current.dispute?.disputeId !== event.disputeId;
      const won = (dispute.state === 'WON' || dispute.state === 'WARNING_CLOSED') && current.dispute?.state === 'OPEN';
      const next = { ...current, dispute };
      if (dispute.state !== 'LOST') return { next, kind: opened ? 'DISPUTE_OPENED' : won ? 'DISPUTE_WON' : null };
      // Lost: the bank gave the payment back, as a refund would have (CHARGEBACK makes it REFUNDED).
      const payment = next.payment && { ...next.payment, chargeRefundedCents: next.payment.amountCents };
      return { next: { ...next, payment }, kind: 'DISPUTE_LOST' };
    },
    { cause: 'CHARGEBACK', actor: 'SYSTEM', actorId: null },
  );
  if (!written || written.dispute?.state === before) return;
  if (written.dispute?.state === 'OPEN' && before === undefined) {
    countMetric('DisputeOpened');
    await emailAdministratorsOfMoney(written, 'DISPUTE_OPENED');
  }
  if ((written.dispute?.state === 'WON' || written.dispute?.state === 'WARNING_CLOSED') && written.status === 'PAID')
    await resumePayout(contractPorts, written);
  if (written.dispute?.state === 'LOST') await emailAdministratorsOfMoney(written, 'DISPUTE_LOST');
}

/** The card issuer's early fraud warning: recorded once, administrators told (they may refund before a dispute). */
export async function onFraudWarning(event: Extract<MoneyEvent, { kind: 'FRAUD_WARNING' }>): Promise<void> {
  const contract = await contractOfCharge(event, null);
  if (!contract || contract.fraudWarning?.warningId === event.warningId) return;
  const written = await changeMoney(
    contract.id,
    (current) =>
      current.fraudWarning?.warningId === event.warningId
        ? null
        : {
            next: { ...current, fraudWarning: { warningId: event.warningId, fraudType: event.fraudType, at: now().toISOString() } },
            kind: null,
          },
    { cause: 'REFUND', actor: 'SYSTEM', actorId: null },
  );
  if (written) await emailAdministratorsOfMoney(written, 'FRAUD_WARNING');
}

/** A reversal of the owner's transfer, the platform's own or the dashboard's: its total recorded as a floor under those known by id. */
export async function onTransferReversed(event: Extract<MoneyEvent, { kind: 'TRANSFER_REVERSED' }>): Promise<void> {
  const contract = event.transferGroup ? await getContract(event.transferGroup) : undefined;
  if (contract?.payout?.transferId !== event.transferId) return;
  const total = event.amountReversedCents;
  await changeMoney(
    contract.id,
    (current) =>
      current.payout && total > (current.payout.reversedFloorCents ?? 0)
        ? {
            next: { ...current, payout: { ...current.payout, reversedFloorCents: total } },
            // More than the platform's own reversals: one made in the dashboard, told as such.
            kind: total > reversedCents(current) ? 'PAYOUT_REVERSED' : null,
          }
        : null,
    { cause: 'REFUND', actor: 'SYSTEM', actorId: null },
  );
}
