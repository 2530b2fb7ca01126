import { useTranslation } from 'react-i18next';
import { digits, exactLength, PHONE_CODE_LENGTH, required, TWO_FACTOR_CODE_TTL_SECONDS } from '@partage/graphql';
import type { LoginOutcome } from '../../lib/auth/login';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import { TextField } from '../../lib/forms/TextField';
import { useForm } from '../../lib/forms/use-form';

// The e-mailed login code has the length of the phone codes: PHONE_CODE_LENGTH digits.
const FIELDS = {
  code: { rules: [required, digits, exactLength(PHONE_CODE_LENGTH)], messageValues: { length: PHONE_CODE_LENGTH } },
};

interface CodeFormProps {
  onSubmit: (code: string) => Promise<LoginOutcome>;
  onBack: () => void;
}

/** The second login step: the code e-mailed to the account. Focus starts in the code field. */
export function CodeForm({ onSubmit, onBack }: CodeFormProps) {
  const { t } = useTranslation('accounts');
  const form = useForm(FIELDS);
  const send = async ({ code }: { code: string }) => {
    const outcome = await onSubmit(code.trim());
    if (outcome.kind === 'refused') form.focus('code');
  };
  return (
    <form noValidate onSubmit={form.submit(send)}>
      <TextField
        label={t('login.code')}
        hint={t('login.codeSent', { minutes: TWO_FACTOR_CODE_TTL_SECONDS / 60 })}
        field={form.bind('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PHONE_CODE_LENGTH}
        autoFocus
      />
      <div className="form-actions">
        <SubmitButton busy={form.submitting}>{t('login.submit')}</SubmitButton>
        <button type="button" className="button button--secondary" onClick={onBack}>
          {t('login.back')}
        </button>
      </div>
    </form>
  );
}
