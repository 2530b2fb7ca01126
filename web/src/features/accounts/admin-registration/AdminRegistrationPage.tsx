import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { required } from '@partage/graphql';
import { PATHS } from '../../../app/paths';
import { useApiMutation } from '../../../lib/api/queries';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { TextField } from '../../../lib/forms/TextField';
import { useForm } from '../../../lib/forms/use-form';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { CheckedLink, type ValidLink } from '../email/CheckedLink';
import { linkProblemOf } from '../email/email-link';
import { NEW_PASSWORD_FIELDS, NewPasswordFields } from '../password/NewPasswordFields';
import { COMPLETE_ADMIN_REGISTRATION } from './operations';

const FIELDS = {
  firstName: { rules: [required] },
  lastName: { rules: [required] },
  ...NEW_PASSWORD_FIELDS,
};

/** /inscription/admin?email=&token= (spec §2): an invited administrator checks their name and chooses a password. */
export function AdminRegistrationPage() {
  const { t } = useTranslation('access');
  usePageTitle(t('adminRegistration.title'));
  return (
    <div className="page page--narrow">
      <h1>{t('adminRegistration.title')}</h1>
      <CheckedLink
        type="ADMIN_INVITATION"
        // Only an administrator can send a new invitation; a used one means the account is ready.
        instead={(status) =>
          status === 'USED' ? (
            <p>
              <Link to={PATHS.login}>{t('adminRegistration.login')}</Link>
            </p>
          ) : (
            <p>{t('adminRegistration.askAgain')}</p>
          )
        }
      >
        {(link) => <AdminRegistrationForm link={link} />}
      </CheckedLink>
    </div>
  );
}

function AdminRegistrationForm({ link }: { link: ValidLink }) {
  const { t } = useTranslation('access');
  const form = useForm(FIELDS, { firstName: link.user.firstName, lastName: link.user.lastName });
  const navigate = useNavigate();
  const completeRegistration = useApiMutation(COMPLETE_ADMIN_REGISTRATION);

  const save = async ({ firstName, lastName, newPassword }: Record<keyof typeof FIELDS, string>) => {
    try {
      await completeRegistration.mutateAsync({
        input: { email: link.email, token: link.token, password: newPassword, firstName: firstName.trim(), lastName: lastName.trim() },
      });
      notify({ type: 'success', text: 'access:adminRegistration.done' });
      navigate(PATHS.login);
    } catch (error) {
      // The API names the password `password`; the form calls it `newPassword`, like the other password forms.
      const fieldErrors = serverFieldErrors(error, ['firstName', 'lastName', 'password'] as const);
      const problem = fieldErrors ? null : linkProblemOf(error);
      if (fieldErrors)
        form.showErrors({ firstName: fieldErrors.firstName, lastName: fieldErrors.lastName, newPassword: fieldErrors.password });
      else if (problem) link.reportProblem(problem);
      else notifyError(error);
    }
  };

  return (
    <form noValidate onSubmit={form.submit(save)}>
      <p>{t('adminRegistration.intro', { email: link.email })}</p>
      <input hidden readOnly name="username" autoComplete="username" value={link.email} />
      <TextField label={t('adminRegistration.firstName')} autoComplete="given-name" field={form.bind('firstName')} />
      <TextField label={t('adminRegistration.lastName')} autoComplete="family-name" field={form.bind('lastName')} />
      <NewPasswordFields kind="first" newPassword={form.bind('newPassword')} confirmation={form.bind('confirmation')} />
      <SubmitButton busy={form.submitting}>{t('adminRegistration.submit')}</SubmitButton>
    </form>
  );
}
