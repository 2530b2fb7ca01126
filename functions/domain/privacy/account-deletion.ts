// An account's deletion (Law 25's right to erasure; docs/privacy.md). Refused while a contract of the
// person still moves money. Otherwise the account is locked and marked first (one transaction), then
// each step runs, every one safe to run again: a run that dies half-way is finished by the one-time job
// scheduled before it started (or by an administrator asking again). The last write leaves the account's
// remains without personal data and frees its address.
//
// Kept, for the other people they concern: conversations (the account shown as DELETED_ACCOUNT_NAME and
// accepting no message), contracts and their documents (for the tax retention period; the
// organisation's name only where receipts need it), ratings (their author shown as deleted).

import { randomUUID } from 'node:crypto';
import {
  AppError,
  assertValid,
  DELETED_ACCOUNT_NAME,
  required,
  type AdminPrivacyRequestInput,
  type DeleteMyAccountInput,
} from '@partage/graphql';
import { scheduler } from '../../adapters/scheduler';
import { deleteAccountTokensOf } from '../../data/account-tokens';
import { deleteUnpublishedAd, getAd, type AdRecord } from '../../data/ads';
import { userAlerts } from '../../data/alerts';
import { getContract, needsMoneyAttention, type ContractRecord } from '../../data/contracts';
import { DataRefusal } from '../../data/errors';
import { getFiles, ownedFiles, type FileRecord } from '../../data/files';
import { clearAccountLoginFailures } from '../../data/login-failures';
import { putBlock } from '../../data/moderation';
import {
  dataExportsOf,
  deleteReputation,
  finishAccountDeletion,
  putPrivacyRequest,
  startAccountDeletion,
  sweepDeletedUserPartition,
  type PrivacyRequestRecord,
} from '../../data/privacy';
import { deleteUserRefreshFamilies } from '../../data/refresh-families';
import { getUser, type UserRecord } from '../../data/users';
import { existingUser } from '../accounts/existing-user';
import { verifyPassword } from '../accounts/password-hash';
import { unpublishAd } from '../ads/ads';
import { deleteAlert } from '../alerts/alerts';
import { now } from '../clock';
import { cancelContract } from '../contracts/contract-cancellation';
import { deleteUploadedFile } from '../files/uploads';
import { ADMIN_ONLY, requireRole, USER_ONLY, type Identity } from '../identity';
import { enforceRateLimit } from '../rate-limits';
import { deleteDataExportFile } from './data-exports';
import { allAdsOf, allContractsOf, allMembershipsOf } from '../whole-listings';

export const ACCOUNT_DELETION_JOB = 'account-deletion';

/** When the job finishes a deletion whose run died: long after any run would have ended. */
const RESUME_AFTER_MS = 15 * 60_000;
const deletionJobName = (userId: string) => `account-deletion-${userId}`;

/** Tries of a step that loses a race to another write (an ad or a contract changed meanwhile). */
const STEP_TRIES = 3;

/**
 * Money that has not reached its end: paid and not paid out (the payout, a cancellation's refund), an
 * open dispute, a fraud warning or a failed refund (administrators' attention), a refund under way.
 */
export const movesMoney = (contract: ContractRecord): boolean =>
  contract.status === 'PAID' ||
  needsMoneyAttention(contract) ||
  contract.refund !== undefined ||
  Object.values(contract.refunds ?? {}).some((refund) => refund.state === 'PENDING');

/** A contract with receipts: it was paid (receipts and tax documents name the parties' organisations). */
const wasPaid = (contract: ContractRecord): boolean => contract.payment !== undefined;

type Request = Pick<PrivacyRequestRecord, 'requestedById' | 'byAdministrator' | 'reason'>;

/** USER: deletes their own account, once their password is given again. */
export async function deleteMyAccount(identity: Identity, input: DeleteMyAccountInput): Promise<boolean> {
  const userId = requireRole(identity, USER_ONLY);
  assertValid([['input.password', required(input?.password)]]);
  await enforceRateLimit('privacyRequest', userId);
  const user = await existingUser(userId);
  if (!user.passwordHash || !(await verifyPassword(input.password, user.passwordHash))) {
    throw new AppError('INCORRECT_PASSWORD', 'The password is incorrect');
  }
  await deleteAccount(user, { requestedById: userId, byAdministrator: false, reason: null });
  return true;
}

/** ADMIN: deletes a USER's account on their request; asking again finishes a deletion that did not. */
export async function adminDeleteUser(identity: Identity, input: AdminPrivacyRequestInput): Promise<boolean> {
  const adminId = requireRole(identity, ADMIN_ONLY);
  assertValid([
    ['input.userId', required(input?.userId)],
    ['input.reason', required(input?.reason?.trim())],
  ]);
  const user = await existingUser(input.userId);
  if (user.role !== 'USER') throw new AppError('UNAUTHORIZED_ACCESS', 'Only a user account can be deleted');
  await deleteAccount(user, { requestedById: adminId, byAdministrator: true, reason: input.reason.trim() });
  return true;
}

async function deleteAccount(user: UserRecord, request: Request): Promise<void> {
  if (!user.deletionRequestId) await refuseWhileMoneyMoves(user.id, request);
  // Before the start: a run that dies after it leaves the job to finish.
  await scheduler().scheduleOnce({
    name: deletionJobName(user.id),
    job: ACCOUNT_DELETION_JOB,
    at: new Date(now().getTime() + RESUME_AFTER_MS),
    payload: { userId: user.id },
  });
  if (!user.deletionRequestId) {
    const at = now().toISOString();
    // False: another call started it meanwhile; this one helps finish it.
    await startAccountDeletion({ id: randomUUID(), kind: 'DELETION', status: 'IN_PROGRESS', subjectId: user.id, at, ...request });
  }
  await runAccountDeletion(user.id);
  await scheduler().cancel(deletionJobName(user.id));
}

async function refuseWhileMoneyMoves(userId: string, request: Request): Promise<void> {
  if (!(await allContractsOf(userId)).some(({ contract }) => movesMoney(contract))) return;
  const at = now().toISOString();
  await putPrivacyRequest({ id: randomUUID(), kind: 'DELETION', status: 'REFUSED', subjectId: userId, at, ...request });
  throw new AppError(
    'ACCOUNT_HAS_ACTIVE_CONTRACTS',
    'A contract of this account still moves money (paid and not paid out, a dispute or a refund under way): the account can be deleted once it has ended',
  );
}

/**
 * The deletion's steps, from wherever a previous run stopped (each finds what is left to do); nothing
 * for an account whose deletion was not started, or is finished.
 */
export async function runAccountDeletion(userId: string): Promise<void> {
  const user = await getUser(userId);
  if (!user?.deletionRequestId || user.deletedAt) return;
  const self: Identity = { userId, role: 'USER' };
  await deleteUserRefreshFamilies(userId);
  const contracts = await cancelOpenContracts(self);
  await removeAds(self);
  for (const alert of await userAlerts(userId)) await deleteAlert(self, alert.id);
  await refuseNewMessages(userId);
  await removeUploads(userId);
  for (const record of await dataExportsOf(userId)) await deleteDataExportFile(record);
  await sweepDeletedUserPartition(userId);
  for (const address of [user.email, user.pendingEmail].filter((address): address is string => !!address)) {
    await deleteAccountTokensOf(address);
  }
  await clearAccountLoginFailures(user.email);
  await deleteReputation(userId);
  await finishAccountDeletion(user, remainsOf(user, contracts.some(wasPaid)), user.deletionRequestId, now().toISOString());
}

/** Every proposal not paid yet is cancelled as the person would (its open payment ended, the other party told). */
async function cancelOpenContracts(self: Identity): Promise<ContractRecord[]> {
  const contracts = (await allContractsOf(self.userId)).map(({ contract }) => contract);
  for (const listed of contracts.filter((contract) => contract.status === 'SUBMITTED')) {
    await retried(async () => {
      const contract = await getContract(listed.id);
      if (contract?.status !== 'SUBMITTED') return;
      await cancelContract(self, { contractId: contract.id, expectedVersion: contract.version });
    });
  }
  return contracts;
}

/** Published ads leave the search (their cards and points); then each ad goes with its pictures. */
async function removeAds(self: Identity): Promise<void> {
  for (const ad of await allAdsOf(self.userId, 'PUBLISHED')) await unpublishAd(self, ad.id);
  for (const listed of await allAdsOf(self.userId, 'UNPUBLISHED')) {
    await retried(async () => {
      const ad = await getAd(listed.id);
      if (!ad) return;
      if (ad.published) await unpublishAd(self, ad.id);
      await removeAd((await getAd(ad.id)) ?? ad, self.userId);
    });
  }
}

/** The pictures the person uploaded first (found from the ad: records older than the owner index), then the ad. */
async function removeAd(ad: AdRecord, userId: string): Promise<void> {
  const pictures = await getFiles(ad.content.images.flatMap((image) => image.variants.map((variant) => variant.fileId)));
  // An administrator's picture of an ad prepared for the person is the administrator's upload: it stays.
  for (const file of pictures.filter((picture) => picture.ownerId === userId)) await deleteUploadedFile(file);
  await deleteUnpublishedAd(ad);
}

/** The account accepts no message from now on: each conversation's other party is refused as a block refuses. */
async function refuseNewMessages(userId: string): Promise<void> {
  const at = now().toISOString();
  for (const membership of await allMembershipsOf(userId)) {
    await putBlock(userId, { blockedId: membership.otherUserId, blockedAt: at, conversationId: membership.conversationId });
  }
}

/** The person's uploads but those a conversation or a contract still shows (their attachments and documents, stored). */
const kept = (file: FileRecord) => file.status === 'STORED' && file.purpose !== 'PUBLIC_IMAGE';

async function removeUploads(userId: string): Promise<void> {
  for (const file of (await ownedFiles(userId)).filter((file) => !kept(file))) await deleteUploadedFile(file);
}

/** What stays of the account: its id and dates, locked out, named as deleted; the organisation's name only where receipts need it. */
function remainsOf(user: UserRecord, keepsOrganization: boolean): UserRecord {
  return {
    id: user.id,
    role: user.role,
    email: '',
    firstName: '',
    lastName: '',
    publicName: DELETED_ACCOUNT_NAME,
    ...(keepsOrganization && user.organizationName ? { organizationName: user.organizationName } : {}),
    phoneVerified: false,
    language: user.language,
    emailConfirmed: false,
    lockedOut: true,
    failedLogins: 0,
    firstLoginModalClosed: true,
    createdAt: user.createdAt,
    ratingRemindersStopped: true,
    deletionRequestId: user.deletionRequestId,
    deletionStartedAt: user.deletionStartedAt,
    deletedAt: now().toISOString(),
  };
}

/** Runs a step again when it lost a race (its item changed meanwhile); it reads what it acts on each time. */
async function retried(step: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      const lostRace =
        (error instanceof AppError && ['CONTRACT_CHANGED', 'CONTRACT_STATUS_CONFLICT'].includes(error.code)) ||
        (error instanceof DataRefusal && ['ITEM_GONE', 'STALE_VERSION'].includes(error.reason));
      if (!lostRace || attempt >= STEP_TRIES) throw error;
    }
  }
}
