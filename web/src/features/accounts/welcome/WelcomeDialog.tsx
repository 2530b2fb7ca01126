import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { subscribe } from '../../../lib/api/graphql';
import { useApiMutation } from '../../../lib/api/queries';
import { notifyError } from '../../../lib/notifications/notify-error';
import { Dialog } from '../../../lib/ui/Dialog';
import { updateSessionUser, type SessionMe } from '../session-user/session-user';
import { ON_FIRST_LOGIN_MODAL_CLOSED, UPDATE_FIRST_LOGIN_MODAL_CLOSED } from './operations';

const markClosed = () => updateSessionUser((me) => ({ ...me, firstLoginModalClosed: true }));

/**
 * The welcome dialog of a first login (spec §2), until the user closes it, here or in another tab.
 * Alerts are what it invites users to; administrators have none, so they are only welcomed.
 */
export function WelcomeDialog({ me, open }: { me: SessionMe; open: boolean }) {
  const { t } = useTranslation('session');
  const saveClosed = useApiMutation(UPDATE_FIRST_LOGIN_MODAL_CLOSED, { onError: (error) => notifyError(error) });

  useEffect(() => {
    if (!open) return;
    return subscribe(ON_FIRST_LOGIN_MODAL_CLOSED, { id: me.id }, ({ onFirstLoginModalClosed }) => {
      if (onFirstLoginModalClosed?.firstLoginModalClosed) markClosed();
    });
  }, [open, me.id]);

  // Closed at once: the choice is the user's whether or not the server hears of it. If it does not,
  // the dialog comes back at the next login, and the failure is said once the dialog is gone.
  const close = () => {
    if (!open) return;
    markClosed();
    saveClosed.mutate({ input: { firstLoginModalClosed: true } });
  };

  return (
    <Dialog open={open} title={t('welcome.title', { name: me.profile.firstName })} onClose={close}>
      {me.type === 'ADMIN' ? (
        <p>{t('welcome.admin')}</p>
      ) : (
        <>
          <p>{t('welcome.user')}</p>
          <p>{t('welcome.alerts')}</p>
        </>
      )}
      <div className="dialog__actions">
        <button type="button" className={me.type === 'ADMIN' ? 'button' : 'button button--secondary'} onClick={close}>
          {t('welcome.later')}
        </button>
        {me.type !== 'ADMIN' && (
          <Link to={PATHS.createAlert} className="button" onClick={close}>
            {t('welcome.subscribe')}
          </Link>
        )}
      </div>
    </Dialog>
  );
}
