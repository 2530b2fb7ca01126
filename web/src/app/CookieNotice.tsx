import { useTranslation } from 'react-i18next';
import { Dialog } from '../lib/ui/Dialog';

/** What the site keeps in the browser. It sets no tracking cookie, so there is nothing to opt into. */
export function CookieNotice({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={t('cookies.title')} onClose={onClose}>
      <p>{t('cookies.noTracking')}</p>
      <p>{t('cookies.storage')}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('cookies.close')}
        </button>
      </div>
    </Dialog>
  );
}
