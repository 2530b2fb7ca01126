// The landing page's latest ads (spec §2): asked only when the section comes near the viewport, so that
// a visitor who reads only the top of the page costs no search and downloads neither the API client nor
// the cards (RecentAdsResults.tsx, its own chunk). Its space is held from the start (placeholder cards
// the size of real ones), so nothing below it moves when the answer comes.
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { useNearViewport } from '../../lib/ui/viewport';
import { RecentAdsHeld } from './RecentAdsHeld';

const RecentAdsResults = lazy(() => import('./RecentAdsResults'));
// Starts the request a little before the section shows, so that it has usually come when it does.
const AHEAD = '400px 0px';

export function RecentAds() {
  const { t } = useTranslation('site');
  const [box, near] = useNearViewport<HTMLDivElement>(AHEAD);
  return (
    <div ref={box} className="recent-ads">
      {near ? (
        <Suspense fallback={<RecentAdsHeld />}>
          <RecentAdsResults />
        </Suspense>
      ) : (
        <RecentAdsHeld />
      )}
      <p>
        <Link to={PATHS.adList}>{t('landing.recent.all')}</Link>
      </p>
    </div>
  );
}
