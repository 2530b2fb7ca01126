import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { email, required } from '@partage/graphql';
import { ApiError } from '../../../lib/api/errors';
import { useApiMutation } from '../../../lib/api/queries';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { TextField } from '../../../lib/forms/TextField';
import { useForm } from '../../../lib/forms/use-form';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { ME } from '../session-user/operations';
import { useSessionUser } from '../session-user/session-user';
import { CHANGE_EMAIL } from './operations';

const FIELDS = {
  newEmail: { rules: [required, email] },
  password: { rules: [required] },
};

/**
 * The change of e-mail address of /parametres (spec §2): the address changes once the link sent to
 * the new one is followed (/confirmez-courriel); until then the settings show it as waiting.
 */
export function ChangeEmailSection() {
  const { t } = useTranslation('access');
  const titleId = useId();
  const user = useSessionUser();
  const me = user.status === 'ready' ? user.me : null;
  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>{t('changeEmail.title')}</h2>
      {me && <p>{t('changeEmail.current', { email: me.email })}</p>}
      {me?.pendingEmail && <p className="notice">{t('changeEmail.pending', { email: me.pendingEmail })}</p>}
      <ChangeEmailForm currentEmail={me?.email} />
    </section>
  );
}

function ChangeEmailForm({ currentEmail }: { currentEmail: string | undefined }) {
  const { t } = useTranslation('access');
  const form = useForm(FIELDS);
  // `me` is asked again: it shows the new address as waiting for confirmation.
  const changeEmail = useApiMutation(CHANGE_EMAIL, { invalidates: [ME] });

  const save = async ({ newEmail, password }: Record<keyof typeof FIELDS, string>) => {
    try {
      await changeEmail.mutateAsync({ input: { newEmail: newEmail.trim(), password } });
      form.reset();
      notify({ type: 'success', text: 'access:changeEmail.done' });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'NO_CHANGE') {
        form.showErrors({ newEmail: { key: 'access:changeEmail.sameAddress' } });
        return;
      }
      const fieldErrors = serverFieldErrors(error, ['newEmail', 'password'] as const, {
        INCORRECT_PASSWORD: 'password',
        DUPLICATE_EMAIL: 'newEmail',
      });
      if (fieldErrors) form.showErrors(fieldErrors);
      else notifyError(error);
    }
  };

  return (
    <form noValidate onSubmit={form.submit(save)}>
      {/* Tells a password manager which account the password field is for. */}
      {currentEmail && <input hidden readOnly name="username" autoComplete="username" value={currentEmail} />}
      <TextField
        label={t('changeEmail.newEmail')}
        hint={t('changeEmail.hint')}
        type="email"
        autoComplete="email"
        field={form.bind('newEmail')}
      />
      <TextField
        label={t('changeEmail.password')}
        hint={t('changeEmail.passwordHint')}
        type="password"
        autoComplete="current-password"
        field={form.bind('password')}
      />
      <SubmitButton busy={form.submitting}>{t('changeEmail.submit')}</SubmitButton>
    </form>
  );
}
