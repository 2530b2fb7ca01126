import { useTranslation } from 'react-i18next';
import { useAppStatus } from '../lib/app-status';

/** The service is unavailable, or a newer version was deployed (spec §4). */
export function StatusBanners() {
  const { t } = useTranslation();
  const { unavailable, outOfDate } = useAppStatus();
  return (
    <div role="status" className="status-banners">
      {unavailable && <p className="banner banner--error">{t('status.unavailable')}</p>}
      {outOfDate && (
        <p className="banner banner--info">
          {t('status.outOfDate')}{' '}
          <button type="button" className="button button--small" onClick={() => window.location.reload()}>
            {t('status.refresh')}
          </button>
        </p>
      )}
    </div>
  );
}
