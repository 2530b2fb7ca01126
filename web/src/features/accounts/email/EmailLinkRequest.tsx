import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { email, required } from '@partage/graphql';
import { PATHS } from '../../../app/paths';
import type { TadaDocumentNode } from '../../../lib/api/documents';
import { useApiMutation } from '../../../lib/api/queries';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { TextField } from '../../../lib/forms/TextField';
import { useForm } from '../../../lib/forms/use-form';
import { notifyError } from '../../../lib/notifications/notify-error';
import { Outcome } from '../../../lib/ui/Outcome';

const FIELDS = { email: { rules: [required, email] } };

interface EmailLinkRequestProps {
  /** A mutation taking `input: { email }` and answering true whether or not the address has an account. */
  mutation: TadaDocumentNode<unknown, { input: { email: string } }>;
  submitLabel: string;
  /** What was done, phrased so that it does not tell whether the address has an account. */
  sentMessage: (email: string) => string;
  initialEmail?: string;
}

/** Asks for an address and has a link e-mailed to it (a new confirmation, a password reset). */
export function EmailLinkRequest({ mutation, submitLabel, sentMessage, initialEmail = '' }: EmailLinkRequestProps) {
  const { t } = useTranslation('access');
  const form = useForm(FIELDS, { email: initialEmail });
  const sendLink = useApiMutation(mutation);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = async ({ email: address }: { email: string }) => {
    try {
      await sendLink.mutateAsync({ input: { email: address.trim() } });
      setSentTo(address.trim());
    } catch (error) {
      const fieldErrors = serverFieldErrors(error, ['email'] as const);
      if (fieldErrors) form.showErrors(fieldErrors);
      else notifyError(error);
    }
  };

  if (sentTo !== null) {
    return (
      <Outcome tone="info">
        <p>{sentMessage(sentTo)}</p>
        <p>
          <Link to={PATHS.login}>{t('backToLogin')}</Link>
        </p>
      </Outcome>
    );
  }
  return (
    <form noValidate onSubmit={form.submit(send)}>
      <TextField label={t('email')} type="email" autoComplete="email" field={form.bind('email')} />
      <div className="form-actions">
        <SubmitButton busy={form.submitting}>{submitLabel}</SubmitButton>
        <Link to={PATHS.login} className="button button--secondary">
          {t('backToLogin')}
        </Link>
      </div>
    </form>
  );
}
