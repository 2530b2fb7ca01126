import { useEffect, useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CONFIRMATION_EMAIL_DELAY_MINUTES } from '@partage/graphql';
import { PATHS, withEmail } from '../../../app/paths';

/** The completion state of sign-up: where the confirmation link went, and what to do if it does not come. */
export function SignupDone({ email }: { email: string }) {
  const { t } = useTranslation('signup');
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone: start them, and their screen reader, at the news.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="page page--narrow">
      <h1 ref={heading} tabIndex={-1}>
        {t('done.title')}
      </h1>
      <p>{t('done.sent', { email })}</p>
      <p>{t('done.delay', { minutes: CONFIRMATION_EMAIL_DELAY_MINUTES })}</p>
      <p>
        <Trans t={t} i18nKey="done.resend" components={{ resend: <Link to={withEmail(PATHS.resendConfirmation, email)} /> }} />
      </p>
    </div>
  );
}
