import { useTranslation } from 'react-i18next';
import { PASSWORD_RESET_TTL_SECONDS } from '@partage/graphql';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { useEmailLink } from '../email/email-link';
import { EmailLinkRequest } from '../email/EmailLinkRequest';
import { SEND_PASSWORD_RESET } from './operations';

/**
 * /mot-de-passe-oublie[?email=] (spec §2): e-mails a reset link; the answer is the same whether or not
 * the address has an account. A dead reset link comes here with its address.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('access');
  usePageTitle(t('forgot.title'));
  const { email } = useEmailLink();
  return (
    <div className="page page--narrow">
      <h1>{t('forgot.title')}</h1>
      <p>{t('forgot.intro')}</p>
      <EmailLinkRequest
        mutation={SEND_PASSWORD_RESET}
        submitLabel={t('forgot.submit')}
        sentMessage={(address) => t('forgot.sent', { email: address, minutes: PASSWORD_RESET_TTL_SECONDS / 60 })}
        initialEmail={email}
      />
    </div>
  );
}
