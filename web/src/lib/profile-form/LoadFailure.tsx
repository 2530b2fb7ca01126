import { useTranslation } from 'react-i18next';

/** Why a screen's data could not be loaded, and a way to try again. */
export function LoadFailure({ failure, onRetry }: { failure: string; onRetry: () => unknown }) {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert" className="notice notice--error">
        {t(failure)}
      </p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => void onRetry()}>
          {t('profile:retry')}
        </button>
      </p>
    </>
  );
}
