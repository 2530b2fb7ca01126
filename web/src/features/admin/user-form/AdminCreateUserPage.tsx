import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { UiLanguage } from '@partage/graphql';
import { editUserPath, PATHS } from '../../../app/paths';
import { useApiMutation } from '../../../lib/api/queries';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { ProfileFields } from '../../../lib/profile-form/ProfileFields';
import {
  CONTENT_LANGUAGE_OF,
  emptyProfile,
  fieldsWithMessages,
  newAccountInput,
  profileFieldsOf,
  profileRules,
  type ProfileValues,
} from '../../../lib/profile-form/profile-values';
import { useFieldsForm } from '../../../lib/profile-form/use-fields-form';
import { BackToUsers } from './BackToUsers';
import { USERS } from '../users/operations';
import { ADMIN_CREATE_USER } from './operations';

const FIELDS = profileFieldsOf('adminCreate', 'USER');

/** `/gestion-utilisateurs/creer-utilisateur`: the new user is e-mailed a link to choose their password. */
export function AdminCreateUserPage() {
  const { t, i18n } = useTranslation('profile');
  usePageTitle(t('adminUser.createTitle'));
  const navigate = useNavigate();
  const createUser = useApiMutation(ADMIN_CREATE_USER, { invalidates: [USERS] });
  const form = useFieldsForm(emptyProfile(CONTENT_LANGUAGE_OF[i18n.language as UiLanguage]), profileRules(FIELDS));

  const create = async (values: ProfileValues) => {
    try {
      const { adminCreateUser } = await createUser.mutateAsync({
        input: newAccountInput(values, FIELDS),
      });
      notify({ type: 'success', text: 'profile:adminUser.created' });
      navigate(adminCreateUser ? editUserPath(adminCreateUser.id) : PATHS.users);
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, fieldsWithMessages(FIELDS), { DUPLICATE_EMAIL: 'email' });
      if (fieldErrors) form.showErrors(fieldErrors);
      else notifyError(error);
    }
  };

  return (
    <div className="page page--narrow">
      <BackToUsers />
      <h1>{t('adminUser.createTitle')}</h1>
      <p>{t('adminUser.createIntro')}</p>
      <form noValidate onSubmit={form.submit(create)}>
        <ProfileFields form={form} fields={FIELDS} mode="adminCreate" />
        <div className="form-actions">
          <SubmitButton busy={form.submitting}>{t('adminUser.createSubmit')}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
