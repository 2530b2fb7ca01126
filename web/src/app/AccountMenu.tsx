import { useTranslation } from 'react-i18next';
import { logout } from '../lib/auth/session';
import { MenuButton } from '../lib/ui/MenuButton';
import { PATHS } from './paths';

/** The profile menu of a signed-in visitor. Profile, ads and alerts items come with their screens. */
export function AccountMenu() {
  const { t } = useTranslation();
  return (
    <MenuButton
      label={t('account.menu')}
      items={[
        { id: 'settings', label: t('account.settings'), to: PATHS.settings },
        { id: 'logout', label: t('account.logout'), onSelect: () => void logout() },
      ]}
    />
  );
}
