import { useTranslation } from 'react-i18next';
import { logout, type Session } from '../lib/auth/session';
import { MenuButton, type MenuItem } from '../lib/ui/MenuButton';
import { PATHS, publicProfilePath } from './paths';

/** The profile menu of a signed-in visitor (spec §2); administrators have no alerts (§6) and manage the terms and the contracts here. */
export function AccountMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const user = session.role === 'USER';
  const ownProfile: MenuItem[] = user ? [{ id: 'profile', label: t('account.profile'), to: publicProfilePath(session.userId) }] : [];
  // Administrators prepare ads from the manage page instead: theirs are unlisted until transferred.
  const createAd: MenuItem[] = user ? [{ id: 'createAd', label: t('account.createAd'), to: PATHS.createAd }] : [];
  const alerts: MenuItem[] = user ? [{ id: 'alerts', label: t('account.alerts'), to: PATHS.alerts }] : [];
  // Owners are paid through the card payment provider: onboarding and the dashboard of payouts.
  const payments: MenuItem[] = user ? [{ id: 'payments', label: t('account.payments'), to: PATHS.payments }] : [];
  const dashboard: MenuItem[] = user ? [{ id: 'dashboard', label: t('account.dashboard'), to: PATHS.dashboard }] : [];
  const manageTerms: MenuItem[] =
    session.role === 'ADMIN' ? [{ id: 'manageTerms', label: t('account.manageTerms'), to: PATHS.manageTerms }] : [];
  const manageContracts: MenuItem[] =
    session.role === 'ADMIN' ? [{ id: 'manageContracts', label: t('account.manageContracts'), to: PATHS.manageContracts }] : [];
  return (
    <MenuButton
      label={t('account.menu')}
      items={[
        ...ownProfile,
        ...dashboard,
        { id: 'manageAds', label: t('account.manageAds'), to: PATHS.manageAds },
        { id: 'favourites', label: t('account.favourites'), to: PATHS.favourites },
        ...createAd,
        ...alerts,
        ...payments,
        ...manageTerms,
        ...manageContracts,
        { id: 'editProfile', label: t('account.editProfile'), to: PATHS.editProfile },
        { id: 'settings', label: t('account.settings'), to: PATHS.settings },
        { id: 'logout', label: t('account.logout'), onSelect: () => void logout() },
      ]}
    />
  );
}
