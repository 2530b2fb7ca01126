import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PATHS, withEmail } from '../../../app/paths';
import { loginPathReturningTo, safeReturnPath } from '../../../app/return-path';
import { graphqlRequest } from '../../../lib/api/graphql';
import { ApiError } from '../../../lib/api/errors';
import { getSession, useSession } from '../../../lib/auth/session';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { reloadSessionUser } from '../session-user/session-user';
import { linkProblemOf, useEmailLink, type EmailLink, type LinkProblemStatus } from './email-link';
import { LinkProblem } from './LinkProblem';
import { Outcome } from './Outcome';
import { CONFIRM_EMAIL } from './operations';

type Confirmation = 'confirmed' | 'duplicate' | 'failed' | LinkProblemStatus;

// A link is good once: the second run of an effect (React's strict mode) or a remount must not spend
// it again and then report it as used. One call per link, its answer shared.
const confirmations = new Map<string, Promise<Confirmation>>();

function confirmOnce({ email, token }: EmailLink): Promise<Confirmation> {
  const key = `${email} ${token}`;
  let confirmation = confirmations.get(key);
  if (!confirmation) {
    confirmation = graphqlRequest(CONFIRM_EMAIL, { input: { email, token } }).then(
      (): Confirmation => 'confirmed',
      (error: unknown): Confirmation => {
        if (error instanceof ApiError && error.code === 'DUPLICATE_EMAIL') return 'duplicate';
        const problem = linkProblemOf(error);
        if (problem) return problem;
        notifyError(error);
        confirmations.delete(key); // a network failure may be retried by coming back
        return 'failed';
      },
    );
    confirmations.set(key, confirmation);
  }
  return confirmation;
}

/**
 * /confirmez-courriel?email=&token=[&returnPath=] (spec §2): confirms a sign-up address, or the new
 * address of an e-mail change. A visitor is then invited to log in (coming back to returnPath after);
 * a signed-in user, who usually follows an e-mail change link, goes straight on to returnPath or the
 * account settings, which show the new address. That is why this page is open to both.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation('access');
  usePageTitle(t('confirm.title'));
  const link = useEmailLink();
  const [params] = useSearchParams();
  const returnPath = safeReturnPath(params.get('returnPath'));
  const signedIn = useSession() !== null;
  const navigate = useNavigate();
  const complete = link.email !== '' && link.token !== '';
  const key = `${link.email} ${link.token}`;
  const [result, setResult] = useState<{ key: string; confirmation: Confirmation } | null>(null);

  useEffect(() => {
    if (!complete) return;
    let current = true;
    void confirmOnce({ email: link.email, token: link.token }).then(async (confirmation) => {
      if (!current) return;
      if (confirmation === 'confirmed' && getSession()) {
        await reloadSessionUser();
        notify({ type: 'success', text: 'access:confirm.doneSignedIn' });
        navigate(returnPath ?? PATHS.settings, { replace: true });
      } else {
        setResult({ key, confirmation });
      }
    });
    return () => {
      current = false;
    };
  }, [complete, key, link.email, link.token, navigate, returnPath]);

  const confirmation: Confirmation | 'confirming' = !complete ? 'INVALID' : result?.key === key ? result.confirmation : 'confirming';
  return (
    <div className="page page--narrow">
      <h1>{t('confirm.title')}</h1>
      {confirmation === 'confirming' && <p role="status">{t('confirm.confirming')}</p>}
      {confirmation === 'confirmed' && (
        <Outcome tone="success">
          <p>{t('confirm.done')}</p>
          <p>
            <Link to={returnPath ? loginPathReturningTo(returnPath) : PATHS.login} className="button">
              {t('confirm.login')}
            </Link>
          </p>
        </Outcome>
      )}
      {confirmation === 'failed' && <Outcome tone="error">{t('link.failed')}</Outcome>}
      {confirmation === 'duplicate' && (
        <Outcome tone="error">
          <p>{t('confirm.duplicate')}</p>
          <SettingsLink />
        </Outcome>
      )}
      {(confirmation === 'INVALID' || confirmation === 'EXPIRED' || confirmation === 'USED') && (
        <LinkProblem status={confirmation}>
          {/* The resend page is for visitors; a signed-in user can only be changing their address. */}
          {!signedIn && confirmation === 'USED' && (
            <p>
              {t('confirm.alreadyConfirmed')} <Link to={PATHS.login}>{t('confirm.login')}</Link>
            </p>
          )}
          {!signedIn && (
            <p>
              <Link to={withEmail(PATHS.resendConfirmation, link.email)}>{t('confirm.resend')}</Link>
            </p>
          )}
          <p>{t('confirm.changeAgain')}</p>
          <SettingsLink />
        </LinkProblem>
      )}
    </div>
  );
}

/** Where a change of address is asked again (through login first when signed out). */
function SettingsLink() {
  const { t } = useTranslation('access');
  return (
    <p>
      <Link to={PATHS.settings}>{t('confirm.settings')}</Link>
    </p>
  );
}
