import { useTranslation } from 'react-i18next';
import { required } from '@partage/graphql';
import { useApiMutation } from '../../lib/api/queries';
import { serverFieldErrors } from '../../lib/forms/server-errors';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import { TextField } from '../../lib/forms/TextField';
import { useForm, type FieldDefinition } from '../../lib/forms/use-form';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { CHANGE_PASSWORD } from './operations';
import { NEW_PASSWORD_FIELDS, PasswordPairFields, type NewPasswordField } from './password/NewPasswordFields';

type Field = 'currentPassword' | NewPasswordField;

const FIELDS: Record<Field, FieldDefinition<Field>> = {
  currentPassword: { rules: [required] },
  ...NEW_PASSWORD_FIELDS,
};

export function ChangePasswordForm() {
  const { t } = useTranslation('accounts');
  const form = useForm(FIELDS);
  const changePassword = useApiMutation(CHANGE_PASSWORD);

  const save = async ({ currentPassword, newPassword }: Record<Field, string>) => {
    try {
      await changePassword.mutateAsync({ input: { currentPassword, newPassword } });
      form.reset();
      notify({ type: 'success', text: 'accounts:settings.changePassword.done' });
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, ['currentPassword', 'newPassword'] as const, {
        INCORRECT_PASSWORD: 'currentPassword',
      });
      if (fieldErrors) form.showErrors(fieldErrors);
      else notifyError(error);
    }
  };

  return (
    <form noValidate onSubmit={form.submit(save)}>
      <TextField
        label={t('settings.changePassword.current')}
        type="password"
        autoComplete="current-password"
        field={form.bind('currentPassword')}
      />
      <PasswordPairFields
        newPassword={form.bind('newPassword')}
        confirmation={form.bind('confirmation')}
        labels={{
          password: t('settings.changePassword.new'),
          rule: t('settings.changePassword.rule'),
          confirmation: t('settings.changePassword.confirmation'),
        }}
      />
      <SubmitButton busy={form.submitting}>{t('settings.changePassword.submit')}</SubmitButton>
    </form>
  );
}
