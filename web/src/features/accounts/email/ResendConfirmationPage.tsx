import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { useEmailLink } from './email-link';
import { EmailLinkRequest } from './EmailLinkRequest';
import { RESEND_CONFIRMATION_EMAIL } from './operations';

/** /reenvoyer-courriel?email= (spec §2): a new confirmation link, for an address from the login page or a dead link. */
export function ResendConfirmationPage() {
  const { t } = useTranslation('access');
  usePageTitle(t('resend.title'));
  const { email } = useEmailLink();
  return (
    <div className="page page--narrow">
      <h1>{t('resend.title')}</h1>
      <p>{t('resend.intro')}</p>
      <EmailLinkRequest
        mutation={RESEND_CONFIRMATION_EMAIL}
        submitLabel={t('resend.submit')}
        sentMessage={(address) => t('resend.sent', { email: address })}
        initialEmail={email}
      />
    </div>
  );
}
