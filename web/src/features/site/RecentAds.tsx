// The landing page's latest ads (spec §2): the search sorted by date, asked only when the section
// comes near the viewport, so that a visitor who reads only the top of the page costs no search. Its
// space is held from the start (placeholder cards the size of real ones), so nothing below it moves
// when the answer comes.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { AdCard } from '../../lib/ads/AdCard';
import { AdListFailure } from '../../lib/ads/AdCardList';
import { cardOfSummary, readSummary } from '../../lib/ads/card-view';
import { SEARCH_ADS } from '../../lib/ads/operations';
import { useApiQuery } from '../../lib/api/queries';
import { useNearViewport } from '../../lib/ui/viewport';

export const RECENT_ADS_COUNT = 6;
const VARIABLES = { input: { sort: 'DATE_DESC' as const }, limit: RECENT_ADS_COUNT };
// Starts the request a little before the section shows, so that it has usually come when it does.
const AHEAD = '400px 0px';

export function RecentAds() {
  const { t } = useTranslation(['site', 'ads']);
  const [box, near] = useNearViewport<HTMLDivElement>(AHEAD);
  const query = useApiQuery(SEARCH_ADS, VARIABLES, { enabled: near });
  // The unit tests' fake API answers null to what they do not answer (jsdom has no
  // IntersectionObserver, so every landing page asks): the placeholders stay, as while loading.
  const ads = query.data?.searchAds?.items.slice(0, RECENT_ADS_COUNT).map(readSummary);

  let content;
  if (ads && ads.length > 0) {
    content = (
      <ul className="ad-grid recent-ads__grid">
        {ads.map((ad) => (
          <li key={ad.id}>
            <AdCard ad={cardOfSummary(ad)} headingLevel={3} />
          </li>
        ))}
      </ul>
    );
  } else {
    const message = ads ? (
      <p className="recent-ads__message">
        {t('landing.recent.empty')} <Link to={PATHS.createAd}>{t('landing.hero.publish')}</Link>
      </p>
    ) : (
      query.isError && <AdListFailure onRetry={() => void query.refetch()} />
    );
    content = (
      <div className="recent-ads__held">
        <Placeholders />
        {message && <div className="recent-ads__overlay">{message}</div>}
      </div>
    );
  }

  return (
    <div ref={box} className="recent-ads" aria-busy={!ads && !query.isError}>
      {content}
      <p>
        <Link to={PATHS.adList}>{t('landing.recent.all')}</Link>
      </p>
    </div>
  );
}

/** Grey cards with the real cards' boxes: they hold the grid's height until the answer. */
function Placeholders() {
  return (
    <ul className="ad-grid recent-ads__grid recent-ads__placeholders" aria-hidden="true">
      {Array.from({ length: RECENT_ADS_COUNT }, (_, index) => (
        <li key={index}>
          <div className="ad-card">
            <div className="ad-card__image" />
            <div className="ad-card__body" />
          </div>
        </li>
      ))}
    </ul>
  );
}
