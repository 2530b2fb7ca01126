// Resolvers of the contracts (functions/domain/contracts): every use case checks the caller's role
// and side of the contract before it reads the input.

import {
  assertValid,
  required,
  type MutationAcceptAndPayContractArgs,
  type MutationCancelContractArgs,
  type MutationRefundContractArgs,
  type MutationRetryContractPayoutArgs,
  type QueryAdminContractsArgs,
  type MutationProposeContractArgs,
  type MutationUpdateContractArgs,
  type QueryBooksExportArgs,
  type QueryContractArgs,
  type QueryPlatformBooksExportArgs,
  type QueryContractDocumentDownloadArgs,
  type QueryMyContractsArgs,
  type SubscriptionOnContractEventArgs,
} from '@partage/graphql';
import { booksExport, platformBooksExport } from '../domain/contracts/books-export';
import { cancelContract } from '../domain/contracts/contract-cancellation';
import { acceptAndPayContract } from '../domain/contracts/contract-payment';
import { contractDocumentDownload } from '../domain/contracts/document-access';
import { refundContract } from '../domain/contracts/contract-refunds';
import { retryFlaggedPayout } from '../domain/contracts/contract-payouts';
import { contractPorts } from '../adapters/composition-root';
import { contractById, listAdminContracts, myContracts, proposeContract, updateContract } from '../domain/contracts/contracts';
import { requireRole, unauthorized, USER_ONLY, type Identity } from '../domain/identity';
import { markSourceAddress } from '../domain/ratings/linked-accounts';
import { logger } from '../adapters/log';
import { bookedPeriodsFields } from './shared/booked-periods-fields';
import { resolverHandler, sourceAddressOf, type FieldMap, type ResolverEvent } from './shared/resolver';
import { subscriptionFilter } from './shared/subscription-filter';
import { observed } from './shared/observed';

/**
 * A proposal or a payment done: the address it came from marks the caller (linked accounts,
 * docs/ratings.md). A mark that fails is logged and changes nothing of what was done.
 */
async function markedFrom<T>(identity: Identity, event: ResolverEvent, done: Promise<T>): Promise<T> {
  const result = await done;
  await markSourceAddress(identity.userId, sourceAddressOf(event)).catch((error: unknown) =>
    logger().warn('source address not marked', { error }),
  );
  return result;
}

/** The fields of the contracts Lambda. */
export const contractsFields = {
  'Query.contract': ({ id }: QueryContractArgs, identity: Identity) => contractById(identity, id),
  'Query.myContracts': (args: QueryMyContractsArgs, identity: Identity) => myContracts(identity, args),
  ...bookedPeriodsFields,
  'Query.adminContracts': (args: QueryAdminContractsArgs, identity: Identity) => listAdminContracts(identity, args),
  'Query.booksExport': ({ input }: QueryBooksExportArgs, identity: Identity) => booksExport(identity, input),
  'Query.platformBooksExport': ({ input }: QueryPlatformBooksExportArgs, identity: Identity) => platformBooksExport(identity, input),
  'Query.contractDocumentDownload': ({ input }: QueryContractDocumentDownloadArgs, identity: Identity) =>
    contractDocumentDownload(identity, input),

  'Mutation.proposeContract': ({ input }: MutationProposeContractArgs, identity: Identity, event: ResolverEvent) =>
    markedFrom(identity, event, proposeContract(identity, input)),
  'Mutation.updateContract': ({ input }: MutationUpdateContractArgs, identity: Identity) => updateContract(identity, input),
  'Mutation.cancelContract': ({ input }: MutationCancelContractArgs, identity: Identity) => cancelContract(identity, input),
  'Mutation.acceptAndPayContract': ({ input }: MutationAcceptAndPayContractArgs, identity: Identity, event: ResolverEvent) =>
    markedFrom(identity, event, acceptAndPayContract(identity, input)),
  'Mutation.refundContract': ({ input }: MutationRefundContractArgs, identity: Identity) => refundContract(identity, input),
  'Mutation.retryContractPayout': ({ input }: MutationRetryContractPayoutArgs, identity: Identity) =>
    retryFlaggedPayout(contractPorts, identity, input),

  // Runs once when a client subscribes: only the user themself may listen; each event names its one
  // recipient, so the filter keeps every other party's events away.
  'Subscription.onContractEvent': ({ userId }: SubscriptionOnContractEventArgs, identity: Identity) => {
    const callerId = requireRole(identity, USER_ONLY);
    assertValid([['userId', required(userId)]]);
    if (userId !== callerId) throw unauthorized();
    return subscriptionFilter({ userId: { eq: callerId } });
  },
} satisfies FieldMap;

export const handler = observed('contracts', resolverHandler(contractsFields));
