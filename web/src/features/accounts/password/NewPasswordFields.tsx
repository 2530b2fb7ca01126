import { useTranslation } from 'react-i18next';
import { password, required, samePassword } from '@partage/graphql';
import { TextField } from '../../../lib/forms/TextField';
import type { FieldBinding } from '../../../lib/forms/use-form';

/** A new password and its confirmation (spec §5), to spread into a form's field definitions. */
export const NEW_PASSWORD_FIELDS = {
  newPassword: { rules: [required, password] },
  confirmation: { rules: [required, (value: string, values: Record<string, string>) => samePassword(value, values.newPassword)] },
};
export type NewPasswordField = keyof typeof NEW_PASSWORD_FIELDS;

interface NewPasswordFieldsProps {
  newPassword: FieldBinding;
  confirmation: FieldBinding;
  /** `first` for an account that has no password yet, `new` to replace one. */
  kind: 'first' | 'new';
}

export function NewPasswordFields({ newPassword, confirmation, kind }: NewPasswordFieldsProps) {
  const { t } = useTranslation('access');
  return (
    <>
      <TextField
        label={t(kind === 'new' ? 'password.new' : 'password.first')}
        hint={t('password.rule')}
        type="password"
        autoComplete="new-password"
        field={newPassword}
      />
      <TextField
        label={t(kind === 'new' ? 'password.confirmNew' : 'password.confirmFirst')}
        type="password"
        autoComplete="new-password"
        field={confirmation}
      />
    </>
  );
}
