import { useTranslation } from 'react-i18next';
import { logout, type Session } from '../lib/auth/session';
import { MenuButton, type MenuItem } from '../lib/ui/MenuButton';
import { PATHS, publicProfilePath } from './paths';

/** The profile menu of a signed-in visitor (spec §2). Manage ads and my alerts come with their screens. */
export function AccountMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const ownProfile: MenuItem[] =
    session.role === 'USER' ? [{ id: 'profile', label: t('account.profile'), to: publicProfilePath(session.userId) }] : [];
  return (
    <MenuButton
      label={t('account.menu')}
      items={[
        ...ownProfile,
        { id: 'editProfile', label: t('account.editProfile'), to: PATHS.editProfile },
        { id: 'settings', label: t('account.settings'), to: PATHS.settings },
        { id: 'logout', label: t('account.logout'), onSelect: () => void logout() },
      ]}
    />
  );
}
