import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/auth/session';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { ChangePasswordForm } from './ChangePasswordForm';
import { ChangeEmailSection } from './email/ChangeEmailSection';
import { BlockedUsersSection } from './settings/BlockedUsersSection';
import { ChatRemindersSection } from './settings/ChatRemindersSection';
import { PrivacySection } from './settings/PrivacySection';
import { TermsHistorySection } from './settings/TermsHistorySection';

/**
 * Account settings (spec §2): change of password, change of e-mail address; for users, the chat's e-mail
 * reminders, the terms versions they accepted, and their personal data (download, account deletion).
 */
export function AccountSettingsPage() {
  const { t } = useTranslation('accounts');
  const passwordTitleId = useId();
  const session = useSession();
  usePageTitle(t('settings.title'));
  return (
    <div className="page page--narrow">
      <h1>{t('settings.title')}</h1>
      <section aria-labelledby={passwordTitleId} className="panel">
        <h2 id={passwordTitleId}>{t('settings.changePassword.title')}</h2>
        <ChangePasswordForm />
      </section>
      <ChangeEmailSection />
      {session?.role === 'USER' && <ChatRemindersSection />}
      {session?.role === 'USER' && <BlockedUsersSection />}
      {session?.role === 'USER' && <TermsHistorySection />}
      {session?.role === 'USER' && <PrivacySection />}
    </div>
  );
}
