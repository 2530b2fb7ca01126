import { useTranslation } from 'react-i18next';
import { AdCardList } from '../../lib/ads/AdCardList';
import { useAdPages } from '../../lib/ads/use-ad-pages';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { LATEST_ADS } from './operations';
import './ads-pages.css';

/** `/annonces` (spec §2): the newest published ads. The search capability adds filters, sort and the map. */
export function AdListPage() {
  const { t } = useTranslation('ads');
  usePageTitle(t('list.title'));
  const pages = useAdPages(LATEST_ADS, {}, (answer) => answer.latestAds);
  return (
    <div className="page">
      <h1>{t('list.title')}</h1>
      <AdCardList pages={pages} card={(ad) => ad} empty={<p>{t('list.empty')}</p>} />
    </div>
  );
}
