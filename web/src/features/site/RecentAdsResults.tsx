// The latest ads themselves: the search sorted by date and the cards. In their own chunk, with the API
// client and the cards' code, loaded when the section nears the viewport (RecentAds.tsx).
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { AdCard } from '../../lib/ads/AdCard';
import { AdListFailure } from '../../lib/ads/AdCardList';
import { AD_CARD_NAMESPACES, cardOfSummary, readSummary } from '../../lib/ads/card-view';
import { SEARCH_ADS } from '../../lib/ads/operations';
import { useApiQuery } from '../../lib/api/queries';
import { RECENT_ADS_COUNT } from './recent-ads-count';
import { RecentAdsHeld } from './RecentAdsHeld';

const VARIABLES = { input: { sort: 'DATE_DESC' as const }, limit: RECENT_ADS_COUNT };

export default function RecentAdsResults() {
  const { t } = useTranslation(['site', ...AD_CARD_NAMESPACES]);
  const query = useApiQuery(SEARCH_ADS, VARIABLES);
  // The unit tests' fake API answers null to what they do not answer: the placeholders stay, as while loading.
  const ads = query.data?.searchAds?.items.slice(0, RECENT_ADS_COUNT).map(readSummary);
  if (ads && ads.length > 0) {
    return (
      <ul className="ad-grid recent-ads__grid">
        {ads.map((ad) => (
          <li key={ad.id}>
            <AdCard ad={cardOfSummary(ad)} headingLevel={3} />
          </li>
        ))}
      </ul>
    );
  }
  const message = ads ? (
    <p className="recent-ads__message">
      {t('landing.recent.empty')} <Link to={PATHS.createAd}>{t('landing.hero.publish')}</Link>
    </p>
  ) : (
    query.isError && <AdListFailure onRetry={() => void query.refetch()} />
  );
  return <RecentAdsHeld message={message} />;
}
