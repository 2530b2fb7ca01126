// Everything the platform keeps about one person, as one JSON document (Law 25's right of access, in "a
// structured, commonly used technological format"): read by keys and indexes only (their own partition,
// their listings), never a Scan. What other people wrote them is in it as they see it in the app
// (messages, published reviews, public names), nothing more of them: no other person's address, phone,
// private profile or unpublished rating. docs/privacy.md lists the sections.

import { DATA_EXPORT_HOURS, PUBLIC_PAGES, type UiLanguage } from '@partage/graphql';
import { documentText } from '@partage/graphql/documents';
import type { AdRecord } from '../../data/ads';
import type { AlertRecord } from '../../data/alerts';
import { userAlerts } from '../../data/alerts';
import { getConversationsWithMembers, type MessageRecord } from '../../data/chat';
import type { ContractParty, ContractRecord } from '../../data/contracts';
import { ownedFiles } from '../../data/files';
import { userPartitionContents } from '../../data/privacy';
import { getManyContractRatings, getReputations, type RatingRecord } from '../../data/ratings';
import { getUsers } from '../../data/user-directory';
import type { UserRecord } from '../../data/users';
import { publicFileUrl } from '../files/uploads';
import { appLink, withLanguage } from '../links';
import { allAdsOf, allContractsOf, allMembershipsOf, allMessagesOf } from '../whole-listings';

export const PERSONAL_DATA_FORMAT = 'partage-personal-data/1';

const PRIVACY_PAGE = PUBLIC_PAGES.find((page) => page.name === 'privacy')!.path;

/**
 * What the file is, in the language of the person it is about (it speaks to them: their own export, or
 * the one an administrator makes on their request and sends them), with the privacy page in that language.
 */
const aboutIn = (language: UiLanguage) =>
  documentText(language, 'personalDataAbout', {
    hours: String(DATA_EXPORT_HOURS),
    privacyPage: withLanguage(appLink(PRIVACY_PAGE), language),
  });

const account = (user: UserRecord) => ({
  id: user.id,
  type: user.role,
  email: user.email,
  pendingEmail: user.pendingEmail ?? null,
  language: user.language,
  createdAt: user.createdAt,
  emailConfirmed: user.emailConfirmed,
  hasPassword: user.passwordHash !== undefined,
  lockedOut: user.lockedOut,
});

const profile = (user: UserRecord) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  publicName: user.publicName,
  phoneNumber: user.phoneNumber ?? null,
  phoneVerified: user.phoneVerified,
  showPhoneNumber: user.showPhoneNumber ?? false,
  showEmail: user.showEmail ?? false,
  address: user.address ?? null,
  postalCode: user.postalCode ?? null,
});

const organization = (user: UserRecord) => ({
  name: user.organizationName ?? null,
  neq: user.organizationNEQ ?? null,
  type: user.organizationType ?? null,
  typeOtherSpecification: user.organizationTypeOtherSpecification ?? null,
  industry: user.industry ?? null,
  industryOtherSpecification: user.industryOtherSpecification ?? null,
  taxStatus: user.taxStatus ?? 'NOT_STATED',
  gstNumber: user.gstNumber ?? null,
  qstNumber: user.qstNumber ?? null,
});

const adEntry = (ad: AdRecord) => ({
  id: ad.id,
  published: ad.published,
  createdAt: ad.createdAt,
  updatedAt: ad.updatedAt,
  publishedAt: ad.publishedAt,
  content: { ...ad.content, images: undefined },
  pictures: ad.content.images.map((image) => ({ alt: image.alt, urls: image.variants.map((variant) => publicFileUrl(variant.fileId)) })),
});

const alertEntry = (alert: AlertRecord) => ({
  id: alert.id,
  status: alert.status,
  criteria: alert.criteria,
  place: alert.place,
  radiusKm: alert.radiusKm,
  email: alert.email,
  language: alert.language,
  createdAt: alert.createdAt,
  updatedAt: alert.updatedAt,
  confirmedAt: alert.confirmedAt,
  lastDigestAt: alert.lastDigestAt,
  consent: alert.consent && { at: alert.consent.at, email: alert.consent.email, via: alert.consent.via },
});

const messageEntry = (userId: string) => (message: MessageRecord) => ({
  id: message.id,
  fromMe: message.senderId === userId,
  createdAt: message.createdAt,
  body: message.body,
  attachments: message.attachments.map(({ name, contentType, size }) => ({ name, contentType, size })),
  ...(message.contractStep && { contractStep: message.contractStep }),
});

/** A contract as its party reads it: the money that concerns them, never the provider's internals nor an administrator's notes. */
function contractEntry(contract: ContractRecord, side: ContractParty, userId: string, otherName: string) {
  const { content } = contract;
  return {
    id: contract.id,
    role: side,
    status: contract.status,
    adId: contract.adId,
    conversationId: contract.conversationId,
    otherParty: { id: side === 'OWNER' ? contract.tenantId : contract.ownerId, publicName: otherName },
    createdAt: contract.createdAt,
    updatedAt: contract.updatedAt,
    version: contract.version,
    content: {
      ...content,
      files: content.files.map(({ name, contentType, size }) => ({ name, contentType, size })),
    },
    history: contract.history.map(({ kind, at, status, version, actorId }) => ({ kind, at, status, version, byMe: actorId === userId })),
    payment: contract.payment ? { amountCents: contract.payment.amountCents, paidAt: contract.payment.paidAt } : null,
    payout:
      side === 'OWNER' && contract.payout?.paidOutAt
        ? { amountCents: contract.payout.amountCents ?? null, paidOutAt: contract.payout.paidOutAt }
        : null,
    refunds: Object.values(contract.refunds ?? {}).map(({ amountCents, state, at }) => ({ amountCents, state, at })),
    cancellation: contract.cancellation ?? null,
    dispute: contract.dispute
      ? {
          state: contract.dispute.state,
          amountCents: contract.dispute.amountCents,
          openedAt: contract.dispute.openedAt,
          closedAt: contract.dispute.closedAt ?? null,
        }
      : null,
  };
}

/** A side's rating without the moderators' who and why (the comment's hiding is said, not its reason). */
const ratingEntry = ({ commentHidden, ...rating }: RatingRecord) => ({ ...rating, commentHidden: Boolean(commentHidden) });

async function ratingsOf(userId: string, contracts: { contract: ContractRecord; side: ContractParty }[]) {
  const ratings = await getManyContractRatings(contracts.map(({ contract }) => contract.id));
  const given: unknown[] = [];
  const received: unknown[] = [];
  for (const { contract, side } of contracts) {
    const record = ratings.get(contract.id);
    const mine = record?.[side];
    const theirs = record?.[side === 'OWNER' ? 'TENANT' : 'OWNER'];
    if (mine) given.push({ contractId: contract.id, side, ...ratingEntry(mine) });
    // The other side's rating only once published: ratings are blind until then.
    if (theirs?.publishedAt) {
      const { comment, commentHidden, ...stars } = ratingEntry(theirs);
      received.push({
        contractId: contract.id,
        side: side === 'OWNER' ? 'TENANT' : 'OWNER',
        ...stars,
        comment: commentHidden ? null : (comment ?? null),
      });
    }
  }
  return { given, received };
}

async function conversationsOf(userId: string) {
  const memberships = await allMembershipsOf(userId);
  const entries = await getConversationsWithMembers(memberships.map((membership) => membership.conversationId));
  const others = await publicNames(memberships.map((membership) => membership.otherUserId));
  return Promise.all(
    entries.map(async ({ conversation }) => {
      const otherId = conversation.ownerId === userId ? conversation.askerId : conversation.ownerId;
      return {
        id: conversation.id,
        adId: conversation.adId,
        role: conversation.ownerId === userId ? 'OWNER' : 'ASKER',
        otherParticipant: { id: otherId, publicName: others.get(otherId) ?? '' },
        createdAt: conversation.createdAt,
        messages: (await allMessagesOf(conversation.id)).map(messageEntry(userId)),
      };
    }),
  );
}

async function publicNames(userIds: string[]): Promise<Map<string, string>> {
  return new Map((await getUsers([...new Set(userIds)])).map((user) => [user.id, user.publicName]));
}

/** The document of everything about `user`, as of `generatedAt`. */
export async function personalDataOf(user: UserRecord, generatedAt: string) {
  const [partition, published, unpublished, alerts, contracts, conversations, files, reputations] = await Promise.all([
    userPartitionContents(user.id),
    allAdsOf(user.id, 'PUBLISHED'),
    allAdsOf(user.id, 'UNPUBLISHED'),
    userAlerts(user.id),
    allContractsOf(user.id),
    conversationsOf(user.id),
    ownedFiles(user.id),
    getReputations([user.id]),
  ]);
  const otherNames = await publicNames(contracts.map(({ contract, side }) => (side === 'OWNER' ? contract.tenantId : contract.ownerId)));
  return {
    format: PERSONAL_DATA_FORMAT,
    generatedAt,
    about: aboutIn(user.language),
    account: account(user),
    profile: profile(user),
    organization: organization(user),
    consents: {
      contactAuthorizationNews: user.contactAuthorizationNews ?? false,
      contactAuthorizationSurveys: user.contactAuthorizationSurveys ?? false,
      registeringInterests: user.registeringInterests ?? [],
      termsAccepted: partition.termsAcceptances,
      chatEmailReminders: partition.chatEmailReminders,
      ratingReminders: !user.ratingRemindersStopped,
    },
    security: {
      sessions: partition.sessions,
      phoneVerification: partition.phoneVerification,
      paymentAccount: user.paymentAccountId ? { accountId: user.paymentAccountId, onboarding: user.paymentOnboarding ?? null } : null,
    },
    ads: [...published, ...unpublished].map(adEntry),
    alerts: alerts.map(alertEntry),
    favourites: partition.favourites,
    conversations,
    contracts: contracts.map(({ contract, side }) =>
      contractEntry(contract, side, user.id, otherNames.get(side === 'OWNER' ? contract.tenantId : contract.ownerId) ?? ''),
    ),
    ratings: await ratingsOf(user.id, contracts),
    reputation: reputations.get(user.id) ?? null,
    blockedUsers: partition.blocks,
    files: {
      storedBytes: partition.storedBytes,
      uploads: files.map(({ id, purpose, contentType, size, status, createdAt }) => ({
        id,
        purpose,
        contentType,
        size,
        status,
        createdAt,
      })),
    },
    dataExports: partition.dataExports.map(({ id, createdAt, expiresAt }) => ({ id, createdAt, expiresAt })),
  };
}
