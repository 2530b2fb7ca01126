import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from './paths';
import { usePageTitle } from '../lib/i18n/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <div className="page page--narrow">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link to={PATHS.landing} className="button">
        {t('notFound.home')}
      </Link>
    </div>
  );
}
