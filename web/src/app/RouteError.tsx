import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { describeError, logger } from '../lib/logger';
import { usePageTitle } from '../lib/i18n/use-page-title';

/** A screen that crashed while rendering: logged, and the visitor is offered a way back. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  usePageTitle(t('error.title'));
  useEffect(() => logger.error(`Screen crashed: ${describeError(error)}`), [error]);
  return (
    <main id="main-content" className="page page--narrow">
      <h1>{t('error.title')}</h1>
      <p>{t('error.unexpected')}</p>
      <a className="button" href="/">
        {t('error.backHome')}
      </a>
    </main>
  );
}
