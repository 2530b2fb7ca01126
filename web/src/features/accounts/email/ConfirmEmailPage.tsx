import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PATHS, withEmail } from '../../../app/paths';
import { loginPathReturningTo, safeReturnPath } from '../../../app/return-path';
import { ApiError } from '../../../lib/api/errors';
import { useApiQuery } from '../../../lib/api/queries';
import { useSession } from '../../../lib/auth/session';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { reloadSessionUser } from '../session-user/session-user';
import { linkProblemOf, useEmailLink, type LinkProblemStatus } from './email-link';
import { LinkProblem } from './LinkProblem';
import { Outcome } from '../../../lib/ui/Outcome';
import { CONFIRM_EMAIL } from './operations';

type Confirmation = 'confirmed' | 'duplicate' | 'failed' | LinkProblemStatus;

function confirmationOf(error: unknown): Confirmation {
  if (error instanceof ApiError && error.code === 'DUPLICATE_EMAIL') return 'duplicate';
  return linkProblemOf(error) ?? 'failed';
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
  // A link is good once: its confirmation is cached like a query under the link's address and token,
  // so a second run of the effect (React's strict mode) or a remount shares the one call instead of
  // spending the link again and reporting it as used. Never aborted: the first mount's request must be
  // the one the second mount gets. A failure is asked again on the next visit.
  const sent = useApiQuery(
    CONFIRM_EMAIL,
    { input: { email: link.email, token: link.token } },
    {
      enabled: complete,
      staleTime: Infinity,
      abortable: false,
    },
  );
  const outcome = sent.isError ? confirmationOf(sent.error) : sent.isSuccess ? 'confirmed' : null;
  const goesOn = outcome === 'confirmed' && signedIn;

  useEffect(() => {
    if (outcome === 'failed') notifyError(sent.error);
  }, [outcome, sent.error]);

  useEffect(() => {
    if (!goesOn) return;
    let current = true;
    void reloadSessionUser().then(() => {
      if (!current) return;
      notify({ type: 'success', text: 'access:confirm.doneSignedIn' });
      navigate(returnPath ?? PATHS.settings, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [goesOn, navigate, returnPath]);

  const confirmation: Confirmation | 'confirming' = !complete ? 'INVALID' : outcome && !goesOn ? outcome : 'confirming';
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
