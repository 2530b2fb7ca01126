import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/i18n/use-page-title';

/** Shown when a page's code could not be downloaded (offline, or a new version replaced it). */
export function PageLoadFailed() {
  const { t } = useTranslation();
  usePageTitle(t('pageLoadFailed.title'));
  return (
    <div className="page page--narrow">
      <h1>{t('pageLoadFailed.title')}</h1>
      <p>{t('pageLoadFailed.body')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('pageLoadFailed.reload')}
      </button>
    </div>
  );
}
