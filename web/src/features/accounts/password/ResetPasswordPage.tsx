import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { PATHS, withEmail } from '../../../app/paths';
import { useApiMutation } from '../../../lib/api/queries';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { useForm } from '../../../lib/forms/use-form';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { CheckedLink, type ValidLink } from '../email/CheckedLink';
import { linkProblemOf, useEmailLink } from '../email/email-link';
import { NEW_PASSWORD_FIELDS, NewPasswordFields, type NewPasswordField } from './NewPasswordFields';
import { RESET_PASSWORD } from './operations';

/**
 * /reinitialiser-mot-de-passe?email=&token= (spec §2): from a reset e-mail, or the set-your-password
 * e-mail of an account an administrator created. Then to the login page.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('access');
  usePageTitle(t('reset.title'));
  const { email } = useEmailLink();
  return (
    <div className="page page--narrow">
      <h1>{t('reset.title')}</h1>
      <CheckedLink
        type="PASSWORD_RESET"
        instead={() => (
          <p>
            <Link to={withEmail(PATHS.forgotPassword, email)}>{t('reset.askAgain')}</Link>
          </p>
        )}
      >
        {(link) => <ResetPasswordForm link={link} />}
      </CheckedLink>
    </div>
  );
}

function ResetPasswordForm({ link }: { link: ValidLink }) {
  const { t } = useTranslation('access');
  const form = useForm<NewPasswordField>(NEW_PASSWORD_FIELDS);
  const navigate = useNavigate();
  const resetPassword = useApiMutation(RESET_PASSWORD);

  const save = async ({ newPassword }: Record<NewPasswordField, string>) => {
    try {
      await resetPassword.mutateAsync({ input: { emailAddress: link.email, newPassword, token: link.token } });
      notify({ type: 'success', text: 'access:reset.done' });
      navigate(PATHS.login);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, ['newPassword'] as const);
      const problem = fieldErrors ? null : linkProblemOf(error);
      if (fieldErrors) form.showErrors(fieldErrors);
      else if (problem) link.reportProblem(problem);
      else notifyError(error);
    }
  };

  return (
    <form noValidate onSubmit={form.submit(save)}>
      <p>{t('reset.intro', { email: link.email })}</p>
      {/* Lets a password manager file the new password under the right account. */}
      <input hidden readOnly name="username" autoComplete="username" value={link.email} />
      <NewPasswordFields kind="new" newPassword={form.bind('newPassword')} confirmation={form.bind('confirmation')} />
      <SubmitButton busy={form.submitting}>{t('reset.submit')}</SubmitButton>
    </form>
  );
}
