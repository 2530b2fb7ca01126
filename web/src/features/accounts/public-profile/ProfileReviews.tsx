// The reviews on a public profile (issue 21): the averages of the published ratings the user
// received, then the reviews themselves (lib/ratings/ReviewList.tsx), each with its ad and month.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PARTY_CRITERIA } from '@partage/graphql';
import type { ResultOf } from '../../../lib/api/documents';
import { useApiInfiniteQuery } from '../../../lib/api/queries';
import { adDetailPath } from '../../../lib/ads/ad-path';
import { pickText, readerLanguage } from '../../../lib/ads/localized-text';
import { Averages } from '../../../lib/ratings/Averages';
import { USER_REVIEWS } from '../../../lib/ratings/operations';
import { monthOf, ReviewList, type ReviewView } from '../../../lib/ratings/ReviewList';
import type { PUBLIC_PROFILE } from './operations';

type Profile = NonNullable<ResultOf<typeof PUBLIC_PROFILE>['publicProfile']>;

export function ProfileReviews({ profile, titleId }: { profile: Profile; titleId: string }) {
  const { t, i18n } = useTranslation('publicProfile');
  const language = readerLanguage(i18n.language);
  const pages = useApiInfiniteQuery(USER_REVIEWS, { userId: profile.id }, (page) => page.userReviews.nextToken);
  const meta = (review: ReviewView) => {
    const adTitle = pickText(review.ad.title, language)?.text ?? t('reviews.adGone');
    return (
      <>
        {t(review.side === 'TENANT' ? 'reviews.byTenant' : 'reviews.byOwner', { name: review.authorName })}
        {' · '}
        {review.ad.path ? <Link to={adDetailPath(review.ad.path)}>{adTitle}</Link> : adTitle}
        {' · '}
        {monthOf(review.month, language)}
      </>
    );
  };
  return (
    <>
      <Averages criteria={PARTY_CRITERIA} averages={profile.ratings} />
      <ReviewList
        pages={pages}
        reviews={pages.data?.pages.flatMap((page) => page.userReviews.items) ?? []}
        labelledBy={titleId}
        meta={meta}
        stars={(review) => review.stars}
        moreLabel={t('reviews.more')}
      />
    </>
  );
}
