// The phone confirmation modal (spec §2, §4, §9): a 6-digit code sent by SMS to the profile's
// number, at most one request per 30 s (the button counts down), each refusal with its message.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneCode, PHONE_CODE_INTERVAL_MS, PHONE_CODE_LENGTH, PHONE_CODE_TTL_SECONDS, required } from '@partage/graphql';
import { errorMessageKey } from '../api/errors';
import { useApiMutation, useApiQuery } from '../api/queries';
import { SubmitButton } from '../forms/SubmitButton';
import { TextField } from '../forms/TextField';
import { useForm } from '../forms/use-form';
import { displayPhone } from '../profile-form/profile-values';
import { Dialog } from '../ui/Dialog';
import { PHONE_OF_ME, SEND_PHONE_VERIFICATION_CODE, VERIFY_PHONE_CODE } from './operations';

const FIELDS = { code: { rules: [required, phoneCode] } };

export interface PhoneVerificationDialogProps {
  open: boolean;
  onClose(): void;
  /** After the number is verified (the caller reloads what shows it). */
  onVerified(): void;
}

/** The current time (epoch ms), moved every second while `deadline` is ahead; `restart` sets it at once. */
function useClockUntil(deadline: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  return { now, restart: () => setNow(Date.now()) };
}

export function PhoneVerificationDialog({ open, onClose, onVerified }: PhoneVerificationDialogProps) {
  const { t } = useTranslation('phone');
  return (
    <Dialog open={open} title={t('dialog.title')} onClose={onClose}>
      {/* Mounted while open only: each opening starts over (the server still refuses a code within 30 s). */}
      {open && <VerificationSteps onVerified={onVerified} />}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('dialog.close')}
        </button>
      </div>
    </Dialog>
  );
}

function VerificationSteps({ onVerified }: Pick<PhoneVerificationDialogProps, 'onVerified'>) {
  const { t } = useTranslation('phone');
  const me = useApiQuery(PHONE_OF_ME, {});
  const sendCode = useApiMutation(SEND_PHONE_VERIFICATION_CODE);
  const verifyCode = useApiMutation(VERIFY_PHONE_CODE);
  const form = useForm(FIELDS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Counted from the answer's arrival on this device's clock, not the server's `nextCodeAt`: clocks differ.
  const [nextCodeAt, setNextCodeAt] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const [sending, setSending] = useState(false);
  const clock = useClockUntil(nextCodeAt);
  const wait = nextCodeAt === null ? 0 : Math.max(0, Math.ceil((nextCodeAt - clock.now) / 1000));

  const phoneNumber = me.data?.me?.profile.phoneNumber ?? null;
  // The number may arrive after the dialog opened, on its only button then (Close, which Enter would
  // press): its first step takes focus once it is shown.
  const sendButton = useRef<HTMLButtonElement>(null);
  const ready = phoneNumber !== null;
  useEffect(() => {
    if (ready) sendButton.current?.focus();
  }, [ready]);

  const send = async () => {
    if (sending || wait > 0) return;
    setSending(true);
    setFailure(null);
    try {
      const started = await sendCode.mutateAsync({});
      setSentTo(started.sendPhoneVerificationCode?.phoneNumber ?? phoneNumber);
      setNextCodeAt(Date.now() + PHONE_CODE_INTERVAL_MS);
      clock.restart();
      form.focus('code');
    } catch (error) {
      setFailure(errorMessageKey(error));
    } finally {
      setSending(false);
    }
  };

  const verify = async ({ code }: { code: string }) => {
    setFailure(null);
    try {
      await verifyCode.mutateAsync({ input: { code: code.trim() } });
      setVerified(true);
      onVerified();
    } catch (error) {
      setFailure(errorMessageKey(error));
      form.focus('code');
    }
  };

  return (
    <>
      {me.isPending && <p role="status">{t('common:loading')}</p>}
      {me.data && !phoneNumber && <p>{t('dialog.noPhone')}</p>}
      {verified ? (
        <p role="status" className="notice">
          {t('dialog.verified')}
        </p>
      ) : (
        phoneNumber && (
          <>
            <p>{t('dialog.intro', { phone: displayPhone(phoneNumber), length: PHONE_CODE_LENGTH })}</p>
            <p>
              <button
                ref={sendButton}
                type="button"
                className="button button--secondary"
                disabled={wait > 0}
                aria-busy={sending || undefined}
                onClick={() => void send()}
              >
                {wait > 0 ? t('dialog.wait', { seconds: wait }) : sentTo ? t('dialog.resend') : t('dialog.send')}
              </button>
            </p>
            <p role="status">{sentTo && t('dialog.sent', { phone: displayPhone(sentTo), minutes: PHONE_CODE_TTL_SECONDS / 60 })}</p>
            <form noValidate onSubmit={form.submit(verify)}>
              <TextField
                label={t('dialog.code')}
                field={form.bind('code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={PHONE_CODE_LENGTH}
              />
              <div className="form-actions">
                <SubmitButton busy={form.submitting}>{t('dialog.verify')}</SubmitButton>
              </div>
            </form>
          </>
        )
      )}
      {failure && (
        // Inside the dialog: while it is open, the page's notification region is out of reach.
        <p role="alert" className="notice notice--error">
          {t(failure, { ns: 'common' })}
        </p>
      )}
    </>
  );
}
