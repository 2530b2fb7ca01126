// The equipment's ratings on its ad's page (issue 36 §13): the averages per criterion, then its tenants'
// published reviews, newest first and by pages (lib/ratings/ReviewList.tsx), each with its author and month.
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_CRITERIA } from '@partage/graphql';
import { useApiInfiniteQuery } from '../../lib/api/queries';
import { readerLanguage } from '../../lib/ads/localized-text';
import { Averages } from '../../lib/ratings/Averages';
import { AD_REVIEWS } from '../../lib/ratings/operations';
import { monthOf, ReviewList, type ReviewView } from '../../lib/ratings/ReviewList';
import type { AdDetail } from './AdDetailPage';

export function EquipmentReviews({ ad, titleId }: { ad: AdDetail; titleId: string }) {
  const { t, i18n } = useTranslation('ads');
  const language = readerLanguage(i18n.language);
  const pages = useApiInfiniteQuery(AD_REVIEWS, { adId: ad.id }, (page) => page.adReviews.nextToken);
  return (
    <>
      <Averages criteria={EQUIPMENT_CRITERIA} averages={ad.equipmentRatings} />
      <ReviewList
        pages={pages}
        reviews={pages.data?.pages.flatMap((page) => page.adReviews.items) ?? []}
        labelledBy={titleId}
        meta={(review: ReviewView) => t('detail.reviewBy', { name: review.authorName, month: monthOf(review.month, language) })}
        stars={(review) => review.equipment}
        moreLabel={t('detail.moreReviews')}
      />
    </>
  );
}
