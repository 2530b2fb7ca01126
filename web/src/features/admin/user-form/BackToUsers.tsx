import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../app/paths';

export function BackToUsers() {
  const { t } = useTranslation('profile');
  return (
    <p>
      <Link to={PATHS.users}>{t('adminUser.backToUsers')}</Link>
    </p>
  );
}
