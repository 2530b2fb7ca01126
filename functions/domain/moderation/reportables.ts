// What can be reported (ReportItemKind), one reportable per kind: it finds the item as the reporter may
// see it, says whom it is about, and what it said then (the moderators read that snapshot, whatever
// the item became). Another kind is one more entry here and in the enum.

import { AppError, type ReportItemKind } from '@partage/graphql';
import { getAd } from '../../data/ads';
import { getMembership, getSentMessage } from '../../data/chat';
import { getReview } from '../../data/ratings';
import { getUser } from '../../data/users';
import { mayReadAd } from '../ads/ad-view';
import { unauthorized, type Identity } from '../identity';
import { reviewAddress } from '../ratings/ratings';

export interface ReportedItem {
  subjectUserId: string;
  conversationId: string | null;
  /** The words of the item when it was reported. */
  content: string;
}

export interface ItemReference {
  itemId: string;
  conversationId?: string | null;
}

type Reportable = (reporter: Identity, item: ItemReference) => Promise<ReportedItem>;

const notFound = () => new AppError('NOT_FOUND', 'Nothing to report there');
const bothLanguages = (value: { fr?: string | null; en?: string | null }) => [value.fr, value.en].filter(Boolean).join('\n');
/** An ad's description is sanitised HTML: the snapshot keeps its words. */
const wordsOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const REPORTABLES: Record<ReportItemKind, Reportable> = {
  async AD(reporter, { itemId }) {
    const ad = await getAd(itemId);
    if (!ad || !mayReadAd(reporter, ad)) throw notFound();
    return {
      subjectUserId: ad.ownerId,
      conversationId: null,
      content: `${bothLanguages(ad.content.title)}\n\n${wordsOf(bothLanguages(ad.content.description))}`,
    };
  },
  async PROFILE(_reporter, { itemId }) {
    const user = await getUser(itemId);
    if (!user || user.role !== 'USER') throw notFound();
    return { subjectUserId: user.id, conversationId: null, content: [user.publicName, user.organizationName].filter(Boolean).join('\n') };
  },
  // Only a participant reports a message, and only one of the conversation named.
  async MESSAGE(reporter, { itemId, conversationId }) {
    if (!conversationId || !(await getMembership(reporter.userId, conversationId))) throw unauthorized();
    const message = await getSentMessage(conversationId, itemId);
    if (!message) throw notFound();
    return { subjectUserId: message.senderId, conversationId, content: message.body };
  },
  // A published review's comment (reviews are published only), shown: its author does not report it.
  async RATING_COMMENT(reporter, { itemId }) {
    const address = reviewAddress(itemId);
    const review = address && (await getReview(address.contractId, address.side));
    if (!review?.comment || review.commentHidden) throw notFound();
    if (review.authorId === reporter.userId) throw unauthorized();
    return { subjectUserId: review.authorId, conversationId: null, content: review.comment };
  },
};
