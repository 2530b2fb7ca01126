// The contact form of /nous-joindre (docs/contact.md): checked with the server's rules before sending,
// the server's refusals on their fields, the success message in place of the form. Against robots it
// carries a honeypot no person sees or reaches, and how long the form was open (measured from the
// first effect, so rendering stays deterministic for the prerendered page).
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_FIELDS,
  CONTACT_REPLY_WORKING_HOURS,
  CONTACT_TEXT_MAX_LENGTH,
  contactMessageChecks,
  EMAIL_MAX_LENGTH,
  type ContactField,
  type RuleResult,
} from '@partage/graphql';
import { ApiError } from '../../lib/api/errors';
import { useApiMutation } from '../../lib/api/queries';
import { serverFieldErrors } from '../../lib/forms/server-errors';
import { SubmitButton } from '../../lib/forms/SubmitButton';
import { TextAreaField } from '../../lib/forms/TextAreaField';
import { TextField } from '../../lib/forms/TextField';
import { useForm, type FieldDefinition } from '../../lib/forms/use-form';
import { describeError, logger } from '../../lib/logger';
import { handOverPaintedForm } from '../../lib/painted-forms/hand-over';
import { paintedFormShownAt } from '../../lib/painted-forms/record';
import { Outcome } from '../../lib/ui/Outcome';
import { SEND_CONTACT_MESSAGE } from './operations';

type ContactValues = Record<ContactField, string>;

const MAX_LENGTHS: Record<ContactField, number> = { ...CONTACT_TEXT_MAX_LENGTH, email: EMAIL_MAX_LENGTH };
/** elapsedMs is a GraphQL Int (32 bits): a tab left open for weeks still sends a valid one. */
const INT_MAX = 2 ** 31 - 1;

/** A field's first failure among the shared rules of the whole message. */
const ruleOf =
  (field: ContactField) =>
  (_value: string, values: ContactValues): RuleResult =>
    contactMessageChecks(values).find(([name, result]) => name === field && result)?.[1] ?? null;

const DEFINITIONS = Object.fromEntries(
  CONTACT_FIELDS.map((field): [ContactField, FieldDefinition<ContactField>] => [
    field,
    { rules: [ruleOf(field)], messageValues: { max: MAX_LENGTHS[field] } },
  ]),
) as Record<ContactField, FieldDefinition<ContactField>>;

/** The refusals that tell the sender what to do; any other failure is the contact form error (spec §8), and is logged. */
function failureKey(error: unknown): string {
  const code = error instanceof ApiError ? error.code : null;
  if (code === 'RATE_LIMITED' || code === 'CONTACT_TOO_FAST') return `common:errors.${code}`;
  logger.error(`Contact message not sent: ${describeError(error)}`);
  return 'contact:form.failed';
}

interface ContactFormProps {
  /** A signed-in user's name, address and organisation. */
  initial: Partial<ContactValues>;
  /** The server has no team address (CONTACT_UNAVAILABLE): the page says the form is unavailable. */
  onUnavailable: () => void;
}

export function ContactForm({ initial, onUnavailable }: ContactFormProps) {
  const { t, i18n } = useTranslation('contact');
  const { submitting, bind, submit, showErrors } = useForm(DEFINITIONS, initial);
  const trapId = useId();
  const [trap, setTrap] = useState('');
  const [failure, setFailure] = useState<{ key: string; attempt: number } | null>(null);
  // A new key per failed try: the same message is announced again when a retry fails the same way.
  const failedTries = useRef(0);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = useApiMutation(SEND_CONTACT_MESSAGE);
  const openedAt = useRef<number | null>(null);
  // A form painted ahead was open, and maybe filled in, before the app drew it.
  useLayoutEffect(() => {
    openedAt.current = paintedFormShownAt() ?? performance.now();
  }, []);

  if (sentTo !== null) {
    return (
      <Outcome tone="success">
        <h2>{t('sent.title')}</h2>
        <p>{t('sent.body', { email: sentTo, ...CONTACT_REPLY_WORKING_HOURS })}</p>
      </Outcome>
    );
  }

  const onValid = async (typed: ContactValues) => {
    setFailure(null);
    const elapsedMs = openedAt.current === null ? 0 : Math.min(INT_MAX, Math.round(performance.now() - openedAt.current));
    try {
      await send.mutateAsync({
        input: {
          name: typed.name.trim(),
          email: typed.email.trim(),
          organization: typed.organization.trim() || null,
          subject: typed.subject.trim(),
          message: typed.message.trim(),
          language: i18n.language === 'en' ? 'ENGLISH' : 'FRENCH',
          elapsedMs,
          website: trap || null,
        },
      });
      setSentTo(typed.email.trim());
    } catch (error) {
      const onFields = serverFieldErrors(error, CONTACT_FIELDS);
      if (onFields) return showErrors(onFields);
      if (error instanceof ApiError && error.code === 'CONTACT_UNAVAILABLE') return onUnavailable();
      failedTries.current += 1;
      setFailure({ key: failureKey(error), attempt: failedTries.current });
    }
  };

  return (
    <form ref={handOverPaintedForm} className="contact-form" method="post" noValidate onSubmit={(event) => void submit(onValid)(event)}>
      <h2>{t('form.title')}</h2>
      <TextField label={t('form.name')} autoComplete="name" maxLength={MAX_LENGTHS.name} field={bind('name')} />
      <TextField
        label={t('form.email')}
        hint={t('form.emailHint')}
        type="email"
        autoComplete="email"
        maxLength={MAX_LENGTHS.email}
        field={bind('email')}
      />
      <TextField
        label={t('form.organization')}
        autoComplete="organization"
        maxLength={MAX_LENGTHS.organization}
        required={false}
        field={bind('organization')}
      />
      <TextField label={t('form.subject')} autoComplete="off" maxLength={MAX_LENGTHS.subject} field={bind('subject')} />
      <TextAreaField label={t('form.message')} maxLength={MAX_LENGTHS.message} rows={8} field={bind('message')} />
      {/* The honeypot: off-screen, out of the tab order and of the accessibility tree; only a robot fills it. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={trapId}>{t('form.website')}</label>
        <input
          id={trapId}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={trap}
          onChange={(event) => setTrap(event.target.value)}
        />
      </div>
      {failure && (
        <p key={failure.attempt} role="alert" className="notice notice--error">
          {t(failure.key)}
        </p>
      )}
      <div className="form-actions">
        <SubmitButton busy={submitting}>{t('form.submit')}</SubmitButton>
      </div>
    </form>
  );
}
