// What a party (or an administrator) reads of a contract: the parties' public names, the ad, every
// version with its money split and its files behind short-lived signed URLs, the history, and the
// actions the state machine allows the reader now.

import {
  CONTRACT_FILE_URL_MINUTES,
  type AdminContractLine,
  type Contract,
  type ContractAction,
  type ContractFile,
  type ContractMoneyState,
  type ContractRole,
  type ContractSummary,
  type ContractVersion,
} from '@partage/graphql';
import { fileStore } from '../../adapters/file-store';
import { getAds, type AdRecord } from '../../data/ads';
import { contractVersions, type ContractContent, type ContractRecord } from '../../data/contracts';
import { linkedPairsAmong } from '../../data/linked-accounts';
import { getUsers } from '../../data/user-directory';
import type { UserRecord } from '../../data/users';
import { adPathOf } from '../ads/ad-view';
import { now } from '../clock';
import { attachmentDownloadName } from '../files/download-name';
import { fileKey } from '../files/file-keys';
import { availableTransitions, type ContractActor } from './contract-states';
import { cancellationQuoteOf, disputeOpen, moneyState, payoutDueAt, payoutOverdue, refundableCents } from './contract-money';
import { contractTaxesView, priceOfVersion } from './contract-taxes';
import { dashboardDocuments, readableDocuments } from './document-access';

/** The reader's side of the contract; null for anyone else (who sees nothing). */
export function roleOf(contract: Pick<ContractRecord, 'ownerId' | 'tenantId'>, userId: string, isAdmin: boolean): ContractRole | null {
  if (userId === contract.ownerId) return 'OWNER';
  if (userId === contract.tenantId) return 'TENANT';
  return isAdmin ? 'ADMIN' : null;
}

/** The actions a page offers: the transitions the reader may fire now that a person fires from the page. */
const PAGE_ACTIONS: Partial<Record<string, ContractAction>> = {
  EDIT: 'EDIT',
  CANCEL: 'CANCEL',
  CANCEL_PAID: 'CANCEL',
  REFUND: 'REFUND',
  REFUND_AFTER_PAYOUT: 'REFUND',
};
// PAY is the webhook's transition (SYSTEM): what the tenant does from the page is start the payment.
// A refund is offered while something is left to give back (a partial refund leaves the rest); a paid
// rental's cancellation while its policy allows one.
const actionsOf = (contract: ContractRecord, role: ContractRole): ContractAction[] => [
  ...new Set(
    availableTransitions(contract.status, role satisfies ContractActor, { disputeOpen: disputeOpen(contract) })
      .filter((transition) => transition !== 'CANCEL_PAID' || cancellationQuoteOf(contract, now()))
      .flatMap((transition) => PAGE_ACTIONS[transition] ?? [])
      .filter((action) => action !== 'REFUND' || refundableCents(contract) > 0),
  ),
  ...(role === 'TENANT' && contract.status === 'SUBMITTED' ? (['PAY'] as const) : []),
];

async function fileViews(files: ContractContent['files']): Promise<ContractFile[]> {
  const expiresAt = new Date(now().getTime() + CONTRACT_FILE_URL_MINUTES * 60_000);
  return Promise.all(
    files.map(async (file) => ({
      ...file,
      // Images are shown inline; a PDF downloads under a name that keeps its checked type.
      url: await fileStore().signedUrl(
        fileKey('private', file.fileId),
        expiresAt,
        file.contentType.startsWith('image/') ? {} : { downloadName: attachmentDownloadName(file.name, file.contentType) },
      ),
    })),
  );
}

async function versionView(version: number, createdAt: string, content: ContractContent): Promise<ContractVersion> {
  return {
    version,
    createdAt,
    period: { precision: content.precision, start: content.start, end: content.end, startAt: content.startAt, endAt: content.endAt },
    totalPriceCents: content.totalPriceCents,
    platformFeeCents: content.platformFeeCents,
    ownerShareCents: content.totalPriceCents - content.platformFeeCents,
    priceCents: priceOfVersion(content),
    taxes: contractTaxesView(content),
    cancellationPolicy: content.cancellationPolicy ?? null,
    terms: content.terms,
    files: await fileViews(content.files),
    disclaimerAccepted: content.disclaimerAccepted,
  };
}

const partyOf = (users: Map<string, UserRecord>, userId: string) => {
  const user = users.get(userId);
  return { userId, publicName: user?.publicName ?? '', organizationName: user?.organizationName ?? null };
};

const adTitleOf = (ad: AdRecord | undefined) => ({ fr: ad?.content.title.fr ?? null, en: ad?.content.title.en ?? null });

/** The contract as `role` reads it. */
export async function contractView(contract: ContractRecord, role: ContractRole): Promise<Contract> {
  const [users, [ad], versions, documents] = await Promise.all([
    getUsers([contract.ownerId, contract.tenantId]).then((list) => new Map(list.map((user) => [user.id, user]))),
    getAds([contract.adId]),
    contractVersions(contract.id),
    readableDocuments(contract, role),
  ]);
  const versionViews = await Promise.all(versions.reverse().map((v) => versionView(v.version, v.createdAt, v.content)));
  return {
    id: contract.id,
    status: contract.status,
    version: contract.version,
    conversationId: contract.conversationId,
    ad: { id: contract.adId, path: ad ? adPathOf(ad) : null, title: adTitleOf(ad) },
    owner: partyOf(users, contract.ownerId),
    tenant: partyOf(users, contract.tenantId),
    viewerRole: role,
    availableActions: actionsOf(contract, role),
    current:
      versionViews.find((v) => v.version === contract.version) ??
      (await versionView(contract.version, contract.updatedAt, contract.content)),
    versions: versionViews,
    history: role === 'ADMIN' ? contract.history : contract.history.map(({ reason: _reason, ...told }) => told),
    money: role === 'ADMIN' ? moneyState(contract) : withoutReasons(moneyState(contract)),
    createdAt: contract.createdAt,
    updatedAt: contract.updatedAt,
    cancellation: contract.cancellation ?? null,
    cancellationQuote: role === 'TENANT' ? cancellationQuoteOf(contract, now()) : null,
    documents,
  };
}

/** An administrator's reasons for refunds are theirs: the parties read the refunds without them. */
const withoutReasons = (money: ContractMoneyState | null): ContractMoneyState | null =>
  money && { ...money, refunds: money.refunds.map((refund) => ({ ...refund, reason: null })) };

/** The users and ads a list of contracts names, read at once. */
async function namesOf(contracts: ContractRecord[], userIds: string[]) {
  const [users, ads] = await Promise.all([
    getUsers([...new Set(userIds)]).then((list) => new Map(list.map((user) => [user.id, user]))),
    getAds([...new Set(contracts.map((c) => c.adId))]).then((list) => new Map(list.map((ad) => [ad.id, ad]))),
  ]);
  return { publicName: (userId: string) => users.get(userId)?.publicName ?? '', adTitle: (adId: string) => adTitleOf(ads.get(adId)) };
}

const periodOf = ({ content }: ContractRecord) => ({
  precision: content.precision,
  start: content.start,
  end: content.end,
  startAt: content.startAt,
  endAt: content.endAt,
});

/** Lines of a user's dashboard: their contracts on one side, with the ads' titles and the other parties' names read at once. */
export async function contractSummaries(contracts: ContractRecord[], side: 'OWNER' | 'TENANT'): Promise<ContractSummary[]> {
  const otherOf = (contract: ContractRecord) => (side === 'OWNER' ? contract.tenantId : contract.ownerId);
  const [names, documents] = await Promise.all([namesOf(contracts, contracts.map(otherOf)), dashboardDocuments(contracts, side)]);
  return contracts.map((contract) => ({
    id: contract.id,
    status: contract.status,
    version: contract.version,
    adTitle: names.adTitle(contract.adId),
    otherPartyName: names.publicName(otherOf(contract)),
    period: periodOf(contract),
    totalPriceCents: contract.content.totalPriceCents,
    updatedAt: contract.updatedAt,
    cancelled: Boolean(contract.cancellation),
    documents: documents.get(contract.id) ?? [],
  }));
}

/** What an administrator may do from the list: refund a paid contract not being paid out or refunded, run a flagged or overdue payout again. */
function adminActionsOf(contract: ContractRecord): ContractAction[] {
  const actions = actionsOf(contract, 'ADMIN').filter((action) => action === 'REFUND');
  const stuck = (contract.payout?.flagged && !contract.refund && !disputeOpen(contract)) || payoutOverdue(contract, now());
  return contract.status === 'PAID' && stuck ? [...actions, 'RETRY_PAYOUT'] : actions;
}

/** Lines of the administrators' list: each contract with its payment, payout and refund. */
export async function adminContractLines(contracts: ContractRecord[]): Promise<AdminContractLine[]> {
  const parties = (contract: ContractRecord) => [contract.ownerId, contract.tenantId] as const;
  const [names, linked] = await Promise.all([namesOf(contracts, contracts.flatMap(parties)), linkedPairsAmong(contracts.map(parties))]);
  return contracts.map((contract) => {
    const { payment, payout } = contract;
    return {
      id: contract.id,
      status: contract.status,
      version: contract.version,
      adTitle: names.adTitle(contract.adId),
      ownerName: names.publicName(contract.ownerId),
      tenantName: names.publicName(contract.tenantId),
      period: periodOf(contract),
      totalPriceCents: contract.content.totalPriceCents,
      platformFeeCents: contract.content.platformFeeCents,
      payment: payment ? { amountCents: payment.amountCents, paidAt: payment.paidAt } : null,
      payout: payment
        ? {
            dueAt: payoutDueAt(contract).toISOString(),
            failures: payout?.failures ?? 0,
            flagged: payout?.flagged ?? false,
            overdue: payoutOverdue(contract, now()),
            lastFailure: payout?.lastFailure ?? null,
            paidOutAt: payout?.paidOutAt ?? null,
          }
        : null,
      money: moneyState(contract),
      fraudWarning: contract.fraudWarning?.fraudType ?? null,
      partiesLinked: linked(parties(contract)),
      // The step that made it REFUNDED: a refund's, or a dispute lost's.
      refundedAt: contract.status === 'REFUNDED' ? (contract.history.find((s) => s.status === 'REFUNDED')?.at ?? null) : null,
      availableActions: adminActionsOf(contract),
      createdAt: contract.createdAt,
      updatedAt: contract.updatedAt,
    };
  });
}
