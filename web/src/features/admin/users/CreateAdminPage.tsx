import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { email, INVITATION_TTL_SECONDS, required, type ContentLanguage } from '@partage/graphql';
import { PATHS } from '../../../app/paths';
import { useApiMutation } from '../../../lib/api/queries';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { TextField } from '../../../lib/forms/TextField';
import { useForm } from '../../../lib/forms/use-form';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { LanguageField } from '../../../lib/profile-form/LanguageField';
import { CREATE_ADMIN_ACCOUNT, USERS } from './operations';

const FIELDS = {
  email: { rules: [required, email] },
  firstName: { rules: [required] },
  lastName: { rules: [required] },
};
type Field = keyof typeof FIELDS;

/** /gestion-utilisateurs/creer-administrateur (spec §2, ADMIN): invites an administrator, who completes the account from the e-mail. */
export function CreateAdminPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('createAdmin.title'));
  const form = useForm(FIELDS);
  // The invitation, and every later e-mail, goes out in it; French unless the inviter says otherwise.
  const [language, setLanguage] = useState<ContentLanguage>('FRENCH');
  const languageField = { name: 'language', value: language, error: undefined, setValue: setLanguage, register: () => undefined };
  const navigate = useNavigate();
  const createAdmin = useApiMutation(CREATE_ADMIN_ACCOUNT, { invalidates: [USERS] });

  const create = async (values: Record<Field, string>) => {
    try {
      await createAdmin.mutateAsync({
        input: { email: values.email.trim(), firstName: values.firstName.trim(), lastName: values.lastName.trim(), language },
      });
      notify({ type: 'success', text: 'admin:createAdmin.done' });
      navigate(PATHS.users);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, ['email', 'firstName', 'lastName'] as const, { DUPLICATE_EMAIL: 'email' });
      if (fieldErrors) form.showErrors(fieldErrors);
      else notifyError(error);
    }
  };

  return (
    <div className="page page--narrow">
      <h1>{t('createAdmin.title')}</h1>
      <p>{t('createAdmin.intro', { days: INVITATION_TTL_SECONDS / 86_400 })}</p>
      <form noValidate onSubmit={form.submit(create)}>
        <TextField label={t('createAdmin.email')} type="email" autoComplete="off" field={form.bind('email')} />
        <TextField label={t('createAdmin.firstName')} autoComplete="off" field={form.bind('firstName')} />
        <TextField label={t('createAdmin.lastName')} autoComplete="off" field={form.bind('lastName')} />
        <LanguageField legend={t('createAdmin.language')} field={languageField} />
        <div className="form-actions">
          <SubmitButton busy={form.submitting}>{t('createAdmin.submit')}</SubmitButton>
          <Link to={PATHS.users} className="button button--secondary">
            {t('createAdmin.back')}
          </Link>
        </div>
      </form>
    </div>
  );
}
