import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { SESSION_EXPIRED } from '../../app/guards';
import { PATHS, withEmail } from '../../app/paths';
import { login, type Credentials, type LoginOutcome, type LoginRefusal } from '../../lib/auth/login';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { CodeForm } from './CodeForm';
import { CredentialsForm } from './CredentialsForm';

const NOTICE_BY_REFUSAL: Record<LoginRefusal, string> = {
  emailNotConfirmed: 'login.refused.emailNotConfirmed',
  lockedOut: 'login.refused.lockedOut',
  invalidCredentials: 'login.refused.invalidCredentials',
  invalidCode: 'login.refused.invalidCode',
  tooManyAttempts: 'login.refused.tooManyAttempts',
  serviceBusy: 'common:errors.SERVICE_BUSY',
  unexpected: 'common:error.unexpected',
};

/**
 * Login, with a code step when the account has two-factor login (spec §2, §4). On success the
 * visitors-only guard of this route moves on, to the return path or the ad list.
 */
export function LoginPage() {
  const { t } = useTranslation(['accounts', 'access']);
  usePageTitle(t('login.title'));
  // Kept once the code was sent: the code step sends them again with the code.
  const [pending, setPending] = useState<Credentials | null>(null);
  // The attempt number remounts the notice, so a repeated refusal is announced again. An unconfirmed
  // address is kept to offer sending its confirmation again.
  const [notice, setNotice] = useState<{ key: string; attempt: number; unconfirmed?: string; minutes?: number } | null>(null);
  // Sent here by a page whose session expired (app/guards.tsx): said once, until an attempt is answered.
  const expired = (useLocation().state as typeof SESSION_EXPIRED | null)?.sessionExpired === true;

  const attempt = async (credentials: Credentials): Promise<LoginOutcome> => {
    const outcome = await login(credentials);
    if (outcome.kind === 'codeSent') {
      setPending(credentials);
      setNotice(null);
    } else if (outcome.kind === 'refused') {
      setNotice((previous) => ({
        key: NOTICE_BY_REFUSAL[outcome.reason],
        attempt: (previous?.attempt ?? 0) + 1,
        unconfirmed: outcome.reason === 'emailNotConfirmed' ? credentials.username : undefined,
        minutes: outcome.retryAfterSeconds && Math.ceil(outcome.retryAfterSeconds / 60),
      }));
    }
    return outcome;
  };

  return (
    <div className="page page--narrow">
      <h1>{t('login.title')}</h1>
      {expired && !notice && (
        <p role="status" className="notice">
          {t('login.sessionExpired')}
        </p>
      )}
      {notice && (
        <p key={notice.attempt} role="alert" className="notice notice--error">
          {notice.minutes ? t(notice.key, { count: notice.minutes }) : t(notice.key)}
          {notice.unconfirmed !== undefined && (
            <>
              {' '}
              <Link to={withEmail(PATHS.resendConfirmation, notice.unconfirmed)}>{t('access:login.resend')}</Link>
            </>
          )}
        </p>
      )}
      {pending ? (
        <CodeForm
          onSubmit={(code) => attempt({ ...pending, code })}
          onBack={() => {
            setPending(null);
            setNotice(null);
          }}
        />
      ) : (
        <>
          <CredentialsForm onSubmit={attempt} />
          <p>
            <Link to={PATHS.forgotPassword}>{t('access:login.forgotPassword')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
