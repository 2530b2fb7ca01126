// Contracts' use cases (spec §4, §6; issue 20): proposed by an ad's owner from a conversation about
// the ad, to its other participant (the tenant); edited by the owner while unpaid, each edit a new
// version; cancelled by either party before payment; read by the parties and administrators only.
// Every use case checks the caller's role and side first, then the state machine, then the input.

import { randomUUID } from 'node:crypto';
import {
  AppError,
  assertValid,
  CONTRACT_MAX_VERSIONS,
  CONTRACTS_PAGE,
  oneOf,
  required,
  type CancelContractInput,
  type Contract,
  type AdminContractFilter,
  type AdminContractPage,
  type ContractPage,
  type ContractRole,
  type ContractStepKind,
  type ProposeContractInput,
  type UpdateContractInput,
} from '@partage/graphql';
import { countMetric } from '../../adapters/metrics';
import { getAd, type AdRecord } from '../../data/ads';
import { refuseIfBlocked } from '../moderation/blocks';
import { enforceRateLimit } from '../rate-limits';
import { getConversation, getMembership, type ConversationRecord } from '../../data/chat';
import {
  adminContracts,
  getContract,
  partyContracts,
  putNewContract,
  releaseBookingHold,
  replaceContract,
  type ContractContent,
  type ContractRecord,
} from '../../data/contracts';
import { isConditionFailure } from '../../data/client';
import { getUser, type UserRecord } from '../../data/users';
import { pageLimit } from '../chat/paging';
import { now } from '../clock';
import { idOfRequest } from '../request-ids';
import { ADMIN_ONLY, requireRole, unauthorized, USER_ONLY, type Identity } from '../identity';
import { assertBookable, contractContentOf, sameContent } from './contract-content';
import { requireParty } from './contract-parties';
import { endOpenCheckout } from './open-checkout';
import { requirePaymentOnboarding } from '../payments/onboarding-state';
import { announceContractStep } from './contract-notices';
import { nextStatus, type ContractActor, type ContractTransition, type TransitionContext } from './contract-states';
import { adminContractLines, contractSummaries, contractView } from './contract-view';

/** Only an owner who finished onboarding with the payment provider may propose: they must be able to receive the payout. */
async function requireOnboarded(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw unauthorized();
  requirePaymentOnboarding(user);
  return user;
}

/** AD_NOT_AVAILABLE unless the ad is published: an ad its owner took down or moderation hid is not rented. */
export function requireRentable(ad: Pick<AdRecord, 'published'> | undefined): void {
  if (!ad?.published) throw new AppError('AD_NOT_AVAILABLE', 'The ad is not published');
}

/** `actor` fires `transition`: the status it leads to; UNAUTHORIZED_ACCESS, CONTRACT_STATUS_CONFLICT or CONTRACT_DISPUTED otherwise. */
export function fire(contract: ContractRecord, transition: ContractTransition, actor: ContractActor, context: TransitionContext = {}) {
  const verdict = nextStatus(contract.status, transition, actor, context);
  if (!verdict.allowed) {
    if (verdict.reason === 'ACTOR') throw unauthorized();
    if (verdict.reason === 'DISPUTE') throw new AppError('CONTRACT_DISPUTED', 'A dispute of the payment is open');
    throw new AppError('CONTRACT_STATUS_CONFLICT', `A ${contract.status} contract cannot take ${transition}`);
  }
  return verdict.to;
}

/** The contract is at the version the caller acted on; CONTRACT_CHANGED otherwise. */
export function assertVersion(contract: ContractRecord, expectedVersion: number) {
  if (contract.version !== expectedVersion) throw new AppError('CONTRACT_CHANGED', `The contract is at version ${contract.version}`);
}

export const step = (kind: ContractStepKind, contract: Pick<ContractRecord, 'status' | 'version'>, actorId: string | null, at: string) => ({
  kind,
  at,
  actorId,
  status: contract.status,
  version: contract.version,
});

/** The owner of the conversation's ad proposes a contract to the conversation's other participant. */
export async function proposeContract(identity: Identity, input: ProposeContractInput): Promise<Contract> {
  const ownerId = requireRole(identity, USER_ONLY);
  const membership =
    typeof input?.conversationId === 'string' && input.conversationId ? await getMembership(ownerId, input.conversationId) : null;
  if (membership?.role !== 'OWNER') throw unauthorized();
  const conversation = await getConversation(input.conversationId);
  const ad = conversation && (await getAd(conversation.adId));
  // The ad may have been transferred since the conversation began: only its owner now proposes.
  if (!conversation || !ad || ad.ownerId !== ownerId) throw unauthorized();
  const owner = await requireOnboarded(ownerId);
  requireRentable(ad);
  // A tenant who blocked the owner hears nothing more from them: no proposal, no e-mail, no line.
  await refuseIfBlocked(conversation.askerId, ownerId);

  const content = await contractContentOf(owner, ad, input);
  assertValid([['input.requestKey', required(input.requestKey)]]);
  // The contract's id comes from the request: a retry finds the contract its first call made.
  const id = idOfRequest(ownerId, conversation.id, input.requestKey);
  const made = await getContract(id);
  if (made) return contractView(await proposalRetried(made), 'OWNER');
  await enforceRateLimit('contractProposal', ownerId);
  await assertBookable(ad, content);
  return contractView(await submitProposal(conversation, ownerId, content, id), 'OWNER');
}

/**
 * The proposal a first call made: untouched since (a crash may have come between its write and its
 * notification), it is announced again (its system line is posted once whatever the number of calls;
 * the tenant's e-mail once, behind its notice claim). A contract changed since is answered as it is.
 */
async function proposalRetried(contract: ContractRecord): Promise<ContractRecord> {
  if (contract.history.length === 1) await announceContractStep(contract, 'PROPOSED', contract.ownerId);
  return contract;
}

/**
 * A new SUBMITTED contract of `content` (checked and bookable) from the conversation's ad owner to
 * its asker, announced to both (the demo seed makes its proposals here too).
 */
export async function submitProposal(
  conversation: Pick<ConversationRecord, 'id' | 'adId' | 'askerId'>,
  ownerId: string,
  content: ContractContent,
  id: string = randomUUID(),
): Promise<ContractRecord> {
  const at = now().toISOString();
  const contract: ContractRecord = {
    id,
    adId: conversation.adId,
    conversationId: conversation.id,
    ownerId,
    tenantId: conversation.askerId,
    status: 'SUBMITTED',
    version: 1,
    revision: 1,
    createdAt: at,
    updatedAt: at,
    content,
    history: [step('PROPOSED', { status: 'SUBMITTED', version: 1 }, ownerId, at)],
  };
  try {
    await putNewContract(contract);
  } catch (error) {
    // The same request at the same moment (a double submission): the first call's contract is the answer.
    const made = isConditionFailure(error) ? await getContract(id) : undefined;
    if (made) return made;
    throw error;
  }
  countMetric('ContractProposed');
  await announceContractStep(contract, 'PROPOSED', ownerId);
  return contract;
}

/** The owner edits a SUBMITTED contract: a new version; NO_CHANGE when nothing the tenant sees differs. */
export async function updateContract(identity: Identity, input: UpdateContractInput): Promise<Contract> {
  const { contract, role, userId } = await requireParty(identity, input?.contractId, USER_ONLY);
  fire(contract, 'EDIT', role);
  assertVersion(contract, input.expectedVersion);
  if (contract.version >= CONTRACT_MAX_VERSIONS)
    throw new AppError('CONTRACT_TOO_MANY_VERSIONS', `A contract has at most ${CONTRACT_MAX_VERSIONS} versions`);
  await enforceRateLimit('contractEdit', userId);
  const [ad, owner] = await Promise.all([getAd(contract.adId), getUser(userId)]);
  if (!ad) throw new AppError('NOT_FOUND', 'The ad no longer exists');
  if (!owner) throw unauthorized();
  const content = await contractContentOf(owner, ad, input, contract.content.files);
  if (sameContent(content, contract.content)) throw new AppError('NO_CHANGE', 'Nothing differs from the present version');
  await refuseIfBlocked(contract.tenantId, userId);
  await assertBookable(ad, content, contract.id);
  const at = now().toISOString();
  const version = contract.version + 1;
  const written = await replaceContract(contract, {
    ...contract,
    version,
    updatedAt: at,
    content,
    history: [...contract.history, step('UPDATED', { status: contract.status, version }, userId, at)],
  });
  await endOpenCheckout(written);
  await announceContractStep(written, 'UPDATED', userId);
  return contractView(written, role);
}

/** Either party cancels a contract before it is paid (`contract`, as read for them); the dates it may hold are freed. */
export async function cancelUnpaidContract(
  contract: ContractRecord,
  { role, userId }: { role: ContractRole; userId: string },
  input: CancelContractInput,
): Promise<Contract> {
  const status = fire(contract, 'CANCEL', role);
  assertVersion(contract, input.expectedVersion);
  const at = now().toISOString();
  const written = await replaceContract(contract, {
    ...contract,
    status,
    updatedAt: at,
    history: [...contract.history, step('CANCELLED', { status, version: contract.version }, userId, at)],
  });
  // After the status: a payment started meanwhile then fails its own check of the status, and the
  // hold it may have placed goes with it; an open session can no longer be paid.
  await endOpenCheckout(written);
  await releaseBookingHold(contract.adId, contract.id, at);
  await announceContractStep(written, 'CANCELLED', userId);
  return contractView(written, role);
}

/** A party or an administrator reads the contract; anyone else gets UNAUTHORIZED_ACCESS, whether or not it exists. */
export async function contractById(identity: Identity, id: string): Promise<Contract> {
  const { contract, role } = await requireParty(identity, id);
  return contractView(contract, role);
}

/** A USER's contracts on one side, newest first. */
export async function myContracts(
  identity: Identity,
  args: { role: ContractRole; limit?: number | null; nextToken?: string | null },
): Promise<ContractPage> {
  const userId = requireRole(identity, USER_ONLY);
  assertValid([['role', oneOf(['OWNER', 'TENANT'] as const)(args.role)]]);
  const side = args.role as 'OWNER' | 'TENANT';
  const page = await partyContracts(side, userId, pageLimit(args.limit, CONTRACTS_PAGE), args.nextToken);
  return { items: await contractSummaries(page.contracts, side), nextToken: page.nextToken };
}

/** ADMIN: every contract, or those whose payout is flagged, newest first, with their payment and payout. */
export async function listAdminContracts(
  identity: Identity,
  args: { filter: AdminContractFilter; limit?: number | null; nextToken?: string | null },
): Promise<AdminContractPage> {
  requireRole(identity, ADMIN_ONLY);
  assertValid([['filter', oneOf(['ALL', 'PAYOUT_FLAGGED', 'MONEY_ATTENTION'] as const)(args.filter)]]);
  const page = await adminContracts(args.filter, pageLimit(args.limit, CONTRACTS_PAGE), args.nextToken);
  return { items: await adminContractLines(page.contracts), nextToken: page.nextToken };
}
