import { useTranslation } from 'react-i18next';
import { password, required, samePassword } from '@partage/graphql';
import { graphqlRequest } from '../../lib/api/graphql';
import { serverFieldErrors } from '../../lib/forms/server-errors';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import { TextField } from '../../lib/forms/TextField';
import { useForm, type FieldDefinition } from '../../lib/forms/use-form';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { CHANGE_PASSWORD } from './operations';

type Field = 'currentPassword' | 'newPassword' | 'confirmation';

const FIELDS: Record<Field, FieldDefinition<Field>> = {
  currentPassword: { rules: [required] },
  newPassword: { rules: [required, password] },
  confirmation: { rules: [required, (value, values) => samePassword(value, values.newPassword)] },
};

export function ChangePasswordForm() {
  const { t } = useTranslation('accounts');
  const form = useForm(FIELDS);

  const save = async ({ currentPassword, newPassword }: Record<Field, string>) => {
    try {
      await graphqlRequest(CHANGE_PASSWORD, { input: { currentPassword, newPassword } });
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
      <TextField
        label={t('settings.changePassword.new')}
        hint={t('settings.changePassword.rule')}
        type="password"
        autoComplete="new-password"
        field={form.bind('newPassword')}
      />
      <TextField
        label={t('settings.changePassword.confirmation')}
        type="password"
        autoComplete="new-password"
        field={form.bind('confirmation')}
      />
      <SubmitButton busy={form.submitting}>{t('settings.changePassword.submit')}</SubmitButton>
    </form>
  );
}
