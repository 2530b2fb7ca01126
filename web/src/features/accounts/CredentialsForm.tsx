import { useTranslation } from 'react-i18next';
import { email, required } from '@partage/graphql';
import type { Credentials } from '../../lib/auth/login';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import { TextField } from '../../lib/forms/TextField';
import { useForm } from '../../lib/forms/use-form';
import { handOverPaintedForm } from '../../lib/painted-forms/hand-over';

const FIELDS = {
  email: { rules: [required, email] },
  password: { rules: [required] },
};

export function CredentialsForm({ onSubmit }: { onSubmit: (credentials: Credentials) => Promise<unknown> }) {
  const { t } = useTranslation('accounts');
  const form = useForm(FIELDS);
  // POST, and held until the app is there (docs/painted-forms.md): never the password in an address.
  return (
    <form
      ref={handOverPaintedForm}
      method="post"
      noValidate
      onSubmit={form.submit((values) => onSubmit({ username: values.email.trim(), password: values.password }))}
    >
      <TextField label={t('login.email')} type="email" autoComplete="username" field={form.bind('email')} />
      <TextField label={t('login.password')} type="password" autoComplete="current-password" field={form.bind('password')} />
      <SubmitButton busy={form.submitting}>{t('login.submit')}</SubmitButton>
    </form>
  );
}
