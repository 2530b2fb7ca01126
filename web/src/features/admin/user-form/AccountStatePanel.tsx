import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODERATION_REASON_MAX_LENGTH, required } from '@partage/graphql';
import { useApiMutation } from '../../../lib/api/queries';
import { TextAreaField } from '../../../lib/forms/TextAreaField';
import { useForm } from '../../../lib/forms/use-form';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { USERS } from '../users/operations';
import { Dialog } from '../../../lib/ui/Dialog';
import { ALLOW_USER, LOCK_USER, VERIFY_EMAIL } from './operations';
import type { UserDetailData } from './user-detail';
import './account-state.css';

interface AccountStatePanelProps {
  user: UserDetailData;
  /** Loads the user again, so the panel shows the state the action left. */
  refresh: () => Promise<unknown>;
}

interface AccountAction {
  run: () => Promise<unknown>;
  done: string;
  /** NO_CHANGE means someone else already did it. */
  alreadyDone: string;
}

/** The account's state (spec §4: confirmed or not, locked out) and what an administrator can do about it. */
export function AccountStatePanel({ user, refresh }: AccountStatePanelProps) {
  const { t, i18n } = useTranslation('profile');
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  // The list shows whether an account is confirmed or locked out.
  const verifyEmail = useApiMutation(VERIFY_EMAIL, { invalidates: [USERS] });
  const allowUser = useApiMutation(ALLOW_USER, { invalidates: [USERS] });
  const lockUser = useApiMutation(LOCK_USER, { invalidates: [USERS] });
  const [locking, setLocking] = useState(false);
  const lockForm = useForm({ reason: { rules: [required] } });

  const act = async ({ run, done, alreadyDone }: AccountAction) => {
    if (busy) return;
    setBusy(true);
    try {
      await run();
      notify({ type: 'success', text: done });
    } catch (error) {
      notifyError(error, { NO_CHANGE: alreadyDone });
    }
    await refresh();
    setBusy(false);
    // The button may be gone with the state it answered; focus stays in the panel rather than on the page.
    // By id, not a ref: the lock dialog's form submits through useForm, which may not be handed refs.
    document.getElementById(titleId)?.focus();
  };

  const resendVerification = () =>
    act({
      run: () => verifyEmail.mutateAsync({ input: { email: user.email } }),
      done: 'profile:adminUser.state.verificationSent',
      alreadyDone: 'profile:adminUser.state.alreadyConfirmed',
    });
  const allow = () =>
    act({
      run: () => allowUser.mutateAsync({ input: { userId: user.id } }),
      done: 'profile:adminUser.state.allowed',
      alreadyDone: 'profile:adminUser.state.alreadyAllowed',
    });

  const closeLock = () => {
    setLocking(false);
    lockForm.reset();
  };
  const lock = lockForm.submit(async ({ reason }) => {
    setLocking(false);
    await act({
      run: () => lockUser.mutateAsync({ input: { userId: user.id, reason: reason.trim() } }),
      done: 'profile:adminUser.state.locked',
      alreadyDone: 'profile:adminUser.state.alreadyLocked',
    });
    lockForm.reset();
  });

  // Administrators are not locked out from here (one could shut the others out); a user may be.
  const lockable = user.type === 'USER' && !user.lockedOut;
  const createdAt = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'long' }).format(new Date(user.createdAt));
  return (
    <section aria-labelledby={titleId} className="panel account-state">
      <h2 id={titleId} tabIndex={-1}>
        {t('adminUser.state.title')}
      </h2>
      <dl>
        <dt>{t('adminUser.state.publicName')}</dt>
        <dd>{user.profile.publicName}</dd>
        <dt>{t('adminUser.state.email')}</dt>
        <dd>{user.email}</dd>
        <dt>{t('adminUser.state.type')}</dt>
        <dd>{t(`adminUser.state.types.${user.type}`)}</dd>
        <dt>{t('adminUser.state.emailConfirmed')}</dt>
        <dd>{user.emailConfirmed ? t('adminUser.state.confirmed') : t('adminUser.state.unconfirmed')}</dd>
        <dt>{t('adminUser.state.password')}</dt>
        <dd>{user.hasPassword ? t('adminUser.state.passwordSet') : t('adminUser.state.passwordNotSet')}</dd>
        <dt>{t('adminUser.state.login')}</dt>
        <dd>{user.lockedOut ? <strong>{t('adminUser.state.lockedOut')}</strong> : t('adminUser.state.allowedToLogin')}</dd>
        <dt>{t('adminUser.state.createdAt')}</dt>
        <dd>{createdAt}</dd>
      </dl>
      {(!user.emailConfirmed || user.lockedOut || lockable) && (
        <div className="form-actions">
          {!user.emailConfirmed && (
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy || undefined}
              onClick={() => void resendVerification()}
            >
              {t('adminUser.state.resendVerification')}
            </button>
          )}
          {user.lockedOut && (
            <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void allow()}>
              {t('adminUser.state.allow')}
            </button>
          )}
          {lockable && (
            <button
              type="button"
              className="button button--secondary"
              aria-disabled={busy || undefined}
              onClick={() => !busy && setLocking(true)}
            >
              {t('adminUser.state.lock')}
            </button>
          )}
        </div>
      )}
      <Dialog open={locking} title={t('adminUser.state.lockTitle', { name: user.profile.publicName })} onClose={closeLock}>
        <form noValidate onSubmit={lock}>
          <p>{t('adminUser.state.lockBody')}</p>
          <TextAreaField
            label={t('adminUser.state.lockReason')}
            hint={t('adminUser.state.lockReasonHint')}
            maxLength={MODERATION_REASON_MAX_LENGTH}
            rows={4}
            field={lockForm.bind('reason')}
          />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={closeLock}>
              {t('adminUser.state.lockCancel')}
            </button>
            <button type="submit" className="button">
              {t('adminUser.state.lockConfirm')}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
