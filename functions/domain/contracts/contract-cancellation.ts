// A paid rental cancelled by its tenant before it starts, under the cancellation policy of the
// version paid (issue 39 §2; graphql/src/cancellation-policy.ts gives the tiers). The page shows the
// quote (what cancelling now gives back); the tenant confirms that amount, and the server refuses if
// a tier ended meanwhile. The refund goes through the owner's and the administrators' path
// (contract-refunds.ts giveBack), recorded as the platform's (it applies the policy) in the tenant's
// name; the owner keeps the rest, paid out at the usual time. The cancellation and its step are
// written with the refund's request, so the payout waits for it; if the provider refuses the refund
// all three are withdrawn and nothing changed. Once the refund is recorded (by this call or by the
// provider's event, whichever comes first) the dates are freed and both parties told. A
// cancelled rental is never rated nor counted as a transaction. Safe to redo: a cancellation whose
// refund is still asked (a crash before the provider answered) is resumed, with the same key, by the
// same request.

import { AppError, type CancelContractInput, type Contract } from '@partage/graphql';
import { releaseBookingHold, replaceContract, type ContractCancellationRecord, type ContractRecord } from '../../data/contracts';
import { now } from '../clock';
import { announceContractStep } from './contract-notices';
import { cancellationQuoteOf, disputeOpen } from './contract-money';
import { giveBack, type RefundCause } from './contract-refunds';
import { contractView } from './contract-view';
import { USER_ONLY, type Identity } from '../identity';
import { requireParty } from './contract-parties';
import { assertVersion, cancelUnpaidContract, fire, step } from './contracts';

/** Why the tenant cannot cancel the paid contract now. */
function refusal(contract: ContractRecord): AppError {
  if (!contract.content.cancellationPolicy)
    return new AppError('CANCELLATION_NOT_OFFERED', 'The paid version has no cancellation policy: ask the owner');
  return new AppError('CANCELLATION_TOO_LATE', 'The rental has started');
}

/** The cancellation and its step on the contract; taken away together. */
const cancelled = (cancellation: ContractCancellationRecord): RefundCause => ({
  add: (contract) => ({
    ...contract,
    cancellation,
    updatedAt: cancellation.at,
    history: [...contract.history, step('CANCELLED', contract, contract.tenantId, cancellation.at)],
  }),
  remove: (contract) => ({
    ...contract,
    cancellation: undefined,
    history: contract.history.filter((s) => !(s.kind === 'CANCELLED' && s.at === cancellation.at)),
  }),
});

/** A party cancels a contract: before the payment either party, after it the tenant under the policy. */
export async function cancelContract(identity: Identity, input: CancelContractInput): Promise<Contract> {
  const { contract, role, userId } = await requireParty(identity, input?.contractId, USER_ONLY);
  return role === 'TENANT' && (contract.status === 'PAID' || contract.cancellation)
    ? cancelPaidContract(contract, input, userId)
    : cancelUnpaidContract(contract, { role, userId }, input);
}

/** The tenant cancels the paid contract (see the top of this file). */
async function cancelPaidContract(contract: ContractRecord, input: CancelContractInput, userId: string): Promise<Contract> {
  const asker = { role: 'SYSTEM' as const, userId };
  if (contract.cancellation) {
    // A retry: finishes what a crash left (the refund asked, the dates, the notices), changes nothing else.
    // Only the cancellation's own refund is resumed (an administrator's under way is theirs to finish);
    // refused again by the provider, the cancellation goes with it, as on the first try.
    const own = contract.refund?.requestedBy === userId ? contract.refund : undefined;
    const cause = cancelled(contract.cancellation);
    return contractView(
      await told(own ? await giveBack(contract, { amountCents: own.amountCents ?? 0, requestedBy: userId }, asker, cause) : contract),
      'TENANT',
    );
  }
  fire(contract, 'CANCEL_PAID', 'TENANT', { disputeOpen: disputeOpen(contract) });
  assertVersion(contract, input.expectedVersion);
  const at = now();
  const quote = cancellationQuoteOf(contract, at);
  if (!quote) throw refusal(contract);
  if (input.expectedRefundCents !== quote.refundCents)
    throw new AppError('CANCELLATION_TERMS_CHANGED', `Cancelling now gives back ${quote.refundCents} cents`);
  const cause = cancelled({ at: at.toISOString(), policy: quote.policy, percent: quote.percent, refundCents: quote.refundCents });
  const written =
    quote.refundCents > 0
      ? await giveBack(contract, { amountCents: quote.refundCents, requestedBy: userId }, asker, cause)
      : await replaceContract(contract, cause.add(contract));
  return contractView(await told(written), 'TENANT');
}

/** The dates freed, both parties told (each once, whatever runs it again). */
async function told(contract: ContractRecord): Promise<ContractRecord> {
  await releaseBookingHold(contract.adId, contract.id, now().toISOString());
  await announceContractStep(contract, 'CANCELLED', contract.tenantId);
  return contract;
}
