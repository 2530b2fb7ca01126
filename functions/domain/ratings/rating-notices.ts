// The ratings' e-mails besides the reminders (rating-reminders.ts), in each reader's language: both
// parties when their rental's ratings are published, and a review's author when the rated person
// answers it. Sent once the write that made the news is done (a write read again and retried sends
// nothing twice: only the run whose write published sends).

import { mailer } from '../../adapters/mailer';
import { getAds } from '../../data/ads';
import type { ContractRatingsRecord, ReviewRecord } from '../../data/ratings';
import { getUsers } from '../../data/user-directory';
import { renderEmail } from '../emails';
import { appLink } from '../links';
import { adTitleIn } from '../ads/ad-title';

/** To both parties of the rental: its ratings are published (one side's or both). */
export async function emailRatingsPublished(ratings: Pick<ContractRatingsRecord, 'contractId' | 'adId' | 'ownerId' | 'tenantId'>) {
  const [users, [ad]] = await Promise.all([getUsers([ratings.ownerId, ratings.tenantId]), getAds([ratings.adId])]);
  await Promise.all(
    users.map((user) => {
      const other = users.find((candidate) => candidate.id !== user.id);
      return mailer().send({
        to: user.email,
        ...renderEmail('ratingsPublished', user.language, {
          title: adTitleIn(ad, user.language),
          name: other?.publicName ?? '',
          link: appLink(`/contrats/${encodeURIComponent(ratings.contractId)}/evaluation`),
        }),
      });
    }),
  );
}

/** To the review's author: the rated person answered it (on their profile). */
export async function emailReviewAnswered(review: Pick<ReviewRecord, 'authorId' | 'ratedUserId'>) {
  const [author, rated] = await getUsers([review.authorId, review.ratedUserId]).then((list) => [
    list.find((user) => user.id === review.authorId),
    list.find((user) => user.id === review.ratedUserId),
  ]);
  if (!author) return;
  await mailer().send({
    to: author.email,
    ...renderEmail('reviewAnswered', author.language, {
      name: rated?.publicName ?? '',
      link: appLink(`/profil/${encodeURIComponent(review.ratedUserId)}`),
    }),
  });
}
