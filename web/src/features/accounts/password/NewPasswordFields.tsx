import { useTranslation } from 'react-i18next';
import { maxLength, password, PASSWORD_MAX_LENGTH, required, samePassword } from '@partage/graphql';
import { TextField } from '../../../lib/forms/TextField';
import type { FieldBinding } from '../../../lib/forms/use-form';

/** A new password and its confirmation (spec §5), to spread into a form's field definitions. */
export const NEW_PASSWORD_FIELDS = {
  newPassword: { rules: [required, password, maxLength(PASSWORD_MAX_LENGTH)], messageValues: { max: PASSWORD_MAX_LENGTH } },
  confirmation: { rules: [required, (value: string, values: Record<string, string>) => samePassword(value, values.newPassword)] },
};
export type NewPasswordField = keyof typeof NEW_PASSWORD_FIELDS;

/** The texts of the pair, already translated in the form's own namespace. */
export interface PasswordPairLabels {
  password: string;
  /** The password rule, shown under the first field. */
  rule: string;
  confirmation: string;
}

interface PasswordPairFieldsProps {
  newPassword: FieldBinding;
  confirmation: FieldBinding;
  labels: PasswordPairLabels;
}

/** A password to choose and its confirmation, with the texts the form gives. */
export function PasswordPairFields({ newPassword, confirmation, labels }: PasswordPairFieldsProps) {
  return (
    <>
      <TextField label={labels.password} hint={labels.rule} type="password" autoComplete="new-password" field={newPassword} />
      <TextField label={labels.confirmation} type="password" autoComplete="new-password" field={confirmation} />
    </>
  );
}

interface NewPasswordFieldsProps {
  newPassword: FieldBinding;
  confirmation: FieldBinding;
  /** `first` for an account that has no password yet, `new` to replace one. */
  kind: 'first' | 'new';
}

/** The pair with the texts of the `access` namespace. */
export function NewPasswordFields({ newPassword, confirmation, kind }: NewPasswordFieldsProps) {
  const { t } = useTranslation('access');
  const labels = {
    password: t(kind === 'new' ? 'password.new' : 'password.first'),
    rule: t('password.rule'),
    confirmation: t(kind === 'new' ? 'password.confirmNew' : 'password.confirmFirst'),
  };
  return <PasswordPairFields newPassword={newPassword} confirmation={confirmation} labels={labels} />;
}
