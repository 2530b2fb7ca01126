import { useTranslation } from 'react-i18next';

/** The runtime configuration could not be read: nothing can work, so say so plainly. */
export function BootFailure() {
  const { t } = useTranslation();
  return (
    <main className="page page--narrow">
      <h1>{t('boot.title')}</h1>
      <p>{t('boot.body')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('boot.retry')}
      </button>
    </main>
  );
}
