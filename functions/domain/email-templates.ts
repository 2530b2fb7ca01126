// The template of each e-mail: the blocks between the greeting and the signature, in order. The texts
// they name are the e-mail's in @partage/graphql/emails ({fr,en}.json); the values, the caller's.

import type { EmailName } from '@partage/graphql/emails';
import { adCards, button, code, paragraph, paragraphNamedBy, secondaryLink, type EmailBlock } from './email-blocks';

/** An e-mail whose action is a link with a token, valid for a while. */
const LINK_WITH_DETAILS = [paragraph('intro'), button('action', 'link'), paragraph('details')];

/**
 * An e-mail that names numbered documents (the one of the texts that value `key` picks: the recipient's
 * receipt, invoice or credit notes) before its action, and the receipt page where they download as PDFs after it.
 */
const WITH_DOCUMENTS = (key: string, blocks: readonly EmailBlock[]): readonly EmailBlock[] => [
  ...blocks,
  paragraphNamedBy(key),
  button('action', 'link'),
  secondaryLink('documentsAction', 'documentsLink'),
];

/** An e-mail that tells something and links the page where to act on it. */
const NOTICE = [paragraph('intro'), button('action', 'link')];

export const EMAIL_TEMPLATES: Record<EmailName, readonly EmailBlock[]> = {
  twoFactorCode: [paragraph('intro'), code('code'), paragraph('details')],
  emailConfirmation: LINK_WITH_DETAILS,
  emailChange: LINK_WITH_DETAILS,
  passwordReset: LINK_WITH_DETAILS,
  adminInvitation: LINK_WITH_DETAILS,
  accountCreatedByAdmin: LINK_WITH_DETAILS,
  /** To an account's owner whose address someone typed in the sign-up form: the ways back in, no token. */
  signUpAttempt: [paragraph('intro'), button('action', 'link'), secondaryLink('reset', 'resetLink')],
  adTransferred: NOTICE,
  /** To an ad's owner: a moderator took it down, and why. */
  adHidden: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  /** To a suspended account's owner: what it means, and why. */
  accountSuspended: [paragraph('intro'), paragraph('details')],
  chatReminder: NOTICE,
  alertConfirmation: [paragraph('intro'), button('action', 'link'), paragraph('details'), secondaryLink('delete', 'deleteLink')],
  /** To the team: who wrote and how to reach them, then their message (answered by replying). */
  contactMessage: [paragraph('intro'), paragraph('details'), paragraph('message')],
  /** To the team: the messages held past the usual day, each with who wrote, in one e-mail a day. */
  contactReview: [paragraph('intro'), paragraph('messages')],
  /** To the tenant: what is proposed, in short, and the contract's page. */
  contractProposed: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  contractUpdated: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  /**
   * To both parties: the receipt (amounts, fee, dates, both organisations, the contract's number), then its GST and QST lines or why
   * it has none, then the GST and QST the platform's fee includes (the owner's input tax credits) or that it has none.
   */
  contractPaid: WITH_DOCUMENTS('documentLines', [
    paragraph('intro'),
    paragraph('details'),
    paragraphNamedBy('taxLines'),
    paragraphNamedBy('feeTaxLines'),
  ]),
  /** To the owner: their share was transferred. */
  contractPayoutSent: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  /** To both parties: the whole payment went back to the tenant (before or after the payout, the dashboard, a dispute lost). */
  contractRefunded: WITH_DOCUMENTS('creditLines', [paragraph('intro'), paragraph('details')]),
  paymentRefundedDatesTaken: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  /** To both parties (the reversal to the owner alone): money of a paid contract moved back, or a dispute of it moved on. */
  contractPartlyRefunded: WITH_DOCUMENTS('creditLines', [paragraph('intro'), paragraph('details')]),
  /** To both parties: the tenant cancelled a paid rental under its policy (named by `policy`), with what went back. */
  contractCancelled: WITH_DOCUMENTS('creditLines', [paragraph('intro'), paragraph('details'), paragraphNamedBy('policy')]),
  contractDisputeOpened: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  contractDisputeWon: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  contractDisputeLost: WITH_DOCUMENTS('creditLines', [paragraph('intro'), paragraph('details')]),
  contractPayoutReversed: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  /** To the team: money that needs an administrator (a dispute, a fraud warning), to the contracts' management. */
  adminMoneyDisputeOpened: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  adminMoneyDisputeLost: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  adminMoneyFraudWarning: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  /** To a party who has not rated a rental that is over: to the rating screen; stop these reminders. */
  /** To a rating's author: a moderator hid its comment (the stars stay), and why. */
  ratingCommentHidden: [paragraph('intro'), paragraph('details'), button('action', 'link')],
  ratingReminder: [paragraph('intro'), button('action', 'link'), secondaryLink('stop', 'stopLink')],
  /** To the side that has not rated yet, once the other has: their turn, before the deadline; stop these reminders. */
  ratingYourTurn: [paragraph('intro'), button('action', 'link'), secondaryLink('stop', 'stopLink')],
  /** To both parties: their rental's ratings are public. */
  ratingsPublished: NOTICE,
  /** To the people who reported an item, once its case is closed: examined, in general words. */
  reportDismissed: [paragraph('intro')],
  reportActedOn: [paragraph('intro')],
  /** To a review's author: the rated person answered it. */
  reviewAnswered: NOTICE,
  alertDigest: [paragraph('intro'), adCards('cards'), secondaryLink('seeAll', 'moreLink'), secondaryLink('delete', 'deleteLink')],
};
