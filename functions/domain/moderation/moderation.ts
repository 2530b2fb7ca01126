// The moderation queue (docs/moderation.md): administrators read the open cases, the latest report
// first, each with every report's snapshot of the item; an action closes the case with an audit entry
// (who, what, why): dismiss; hide the ad (unpublished, its owner told why); hide a rating's comment (the
// stars stay; its author told why); suspend the account (locked
// out, every session revoked, so the authorizer refuses its tokens within its cache minute; its ads
// unpublished, so they leave the search; told why). Whoever reported it hears that it was examined.

import {
  AppError,
  assertValid,
  MODERATION_ACTIONS,
  MODERATION_PAGE,
  moderationActionsFor,
  oneOf,
  required,
  type ModerateCaseInput,
  type ModerationAction,
} from '@partage/graphql';
import { randomUUID } from 'node:crypto';
import { mailer } from '../../adapters/mailer';
import { getAd, ownerAds } from '../../data/ads';
import { DataRefusal } from '../../data/errors';
import { closeModerationCase, getModerationCase, openModerationCases, type ModerationCaseDetail } from '../../data/moderation';
import { deleteUserRefreshFamilies } from '../../data/refresh-families';
import { getReview, hideReviewComment } from '../../data/ratings';
import { getUser, lockOutUser } from '../../data/users';
import { getUsers } from '../../data/user-directory';
import { unpublishAd } from '../ads/ads';
import { now } from '../clock';
import { renderEmail } from '../emails';
import { ADMIN_ONLY, requireRole, type Identity } from '../identity';
import { appLink } from '../links';
import { reviewAddress } from '../ratings/ratings';
import { endOwnerOpenCheckouts } from '../contracts/open-checkout';
import { adTitleIn } from '../ads/ad-title';

const SUSPENDED_ADS_PAGE = 100;

export async function moderationQueue(identity: Identity, { limit, nextToken }: { limit?: number | null; nextToken?: string | null }) {
  requireRole(identity, ADMIN_ONLY);
  const size = limit ?? MODERATION_PAGE.default;
  assertValid([['limit', Number.isInteger(size) && size >= 1 && size <= MODERATION_PAGE.max ? null : 'oneOf']]);
  const page = await openModerationCases(size, nextToken);
  return { items: await withSubjects(page.cases), nextToken: page.nextToken ?? null };
}

/** Each case with the account it is about named (one BatchGetItem for a page): administrators see whom they judge. */
async function withSubjects(cases: ModerationCaseDetail[]) {
  const users = new Map((await getUsers([...new Set(cases.map((found) => found.subjectUserId))])).map((user) => [user.id, user]));
  return cases.map((found) => {
    const subject = users.get(found.subjectUserId);
    return { ...found, subjectName: subject?.publicName ?? '', subjectOrganization: subject?.organizationName ?? null };
  });
}

/**
 * Thanks each person who reported the item, in their language, once the case is closed: whether the
 * team found something to act on, in general words, never what was done to the other person.
 */
async function emailReporters(found: ModerationCaseDetail, action: ModerationAction) {
  const reporters = await getUsers([...new Set(found.reports.map((report) => report.reporterId))]);
  const email = action === 'DISMISS' ? 'reportDismissed' : 'reportActedOn';
  await Promise.all(reporters.map((reporter) => mailer().send({ to: reporter.email, ...renderEmail(email, reporter.language, {}) })));
}

export async function moderateCase(identity: Identity, input: ModerateCaseInput) {
  const adminId = requireRole(identity, ADMIN_ONLY);
  assertValid([
    ['input.caseId', required(input?.caseId)],
    ['input.action', required(input?.action) ?? oneOf(MODERATION_ACTIONS)(input.action)],
    ['input.reason', required(input?.reason?.trim())],
  ]);
  const found = await getModerationCase(input.caseId);
  if (!found) throw new AppError('NOT_FOUND', 'No such case');
  if (found.status !== 'OPEN') throw new AppError('NO_CHANGE', 'The case was closed already');
  if (!moderationActionsFor(found.kind).includes(input.action)) {
    throw new AppError('VALIDATION_FAILED', 'This action does not apply to this kind of item', [{ path: 'input.action', rule: 'oneOf' }]);
  }
  const reason = input.reason.trim();
  const at = now().toISOString();
  // The case is closed first: two administrators acting at once act once (the second gets NO_CHANGE).
  await closeModerationCase(found.id, { id: randomUUID(), action: input.action, adminId, reason, at }).catch((error: unknown) => {
    throw error instanceof DataRefusal ? new AppError('NO_CHANGE', 'The case was closed already') : error;
  });
  if (input.action === 'HIDE_AD') await hideAd(identity, found.itemId, reason);
  if (input.action === 'HIDE_COMMENT') await hideComment(found.itemId, { reason, at, adminId });
  if (input.action === 'SUSPEND_ACCOUNT') await suspendAccount(identity, found.subjectUserId, reason);
  await emailReporters(found, input.action);
  const [closed] = await withSubjects([(await getModerationCase(found.id))!]);
  return closed!;
}

async function hideAd(admin: Identity, adId: string, reason: string): Promise<void> {
  await unpublishAd(admin, adId);
  const ad = await getAd(adId);
  const owner = ad && (await getUser(ad.ownerId));
  if (!ad || !owner) return;
  const title = adTitleIn(ad, owner.language);
  await mailer().send({
    to: owner.email,
    ...renderEmail('adHidden', owner.language, { title, cause: reason, link: appLink('/gerer-annonces') }),
  });
}

/** Hides a review's comment (and its answer), the stars kept; its author is told why, once. */
async function hideComment(reviewId: string, hiding: { reason: string; at: string; adminId: string }): Promise<void> {
  const address = reviewAddress(reviewId);
  const review = address && (await getReview(address.contractId, address.side));
  // Hidden already (by an earlier case of the same comment): nothing changes, nobody is told twice.
  if (!review || !(await hideReviewComment(review, hiding))) return;
  const [author, rated] = await Promise.all([getUser(review.authorId), getUser(review.ratedUserId)]);
  if (!author) return;
  await mailer().send({
    to: author.email,
    ...renderEmail('ratingCommentHidden', author.language, {
      name: rated?.publicName ?? '',
      cause: hiding.reason,
      link: appLink(`/profil/${review.ratedUserId}`),
    }),
  });
}

/** Locks an account out (the moderation queue's suspension, and the user page's lock): sessions, published ads, open payments of their contracts, told why. */
export async function suspendAccount(admin: Identity, userId: string, reason: string): Promise<void> {
  await lockOutUser(userId);
  await deleteUserRefreshFamilies(userId);
  // Nobody pays them now (their paid contracts' payouts are refused, then left to administrators).
  await endOwnerOpenCheckouts(userId);
  // Their ads leave the search with them (they stay theirs, unpublished).
  for (let page = await ownerAds(userId, 'PUBLISHED', SUSPENDED_ADS_PAGE); ;) {
    for (const ad of page.ads) await unpublishAd(admin, ad.id);
    if (!page.nextToken) break;
    page = await ownerAds(userId, 'PUBLISHED', SUSPENDED_ADS_PAGE, page.nextToken);
  }
  const user = await getUser(userId);
  if (user) await mailer().send({ to: user.email, ...renderEmail('accountSuspended', user.language, { cause: reason }) });
}
