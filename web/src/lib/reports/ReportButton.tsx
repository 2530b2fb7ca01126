// "Report": a button that opens a dialog with a reason from a short list and an optional note (or the
// dialog alone, for a menu's item). The reporter is thanked the same way whether they had reported the
// item before or not.
import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, type ReportItemKind, type ReportReason } from '@partage/graphql';
import { errorMessageKey } from '../api/errors';
import { useApiMutation } from '../api/queries';
import { ChoiceFieldset } from '../forms/controls';
import { SubmitButton } from '../forms/SubmitButton';
import { Dialog } from '../ui/Dialog';
import { REPORT_ITEM } from './operations';
import './reports.css';

interface ReportedItem {
  kind: ReportItemKind;
  itemId: string;
  /** MESSAGE: the conversation it is in. */
  conversationId?: string;
}

interface ReportButtonProps extends ReportedItem {
  /** The button's words: what is reported ("Report this ad"). */
  label: string;
  className?: string;
}

export function ReportButton({ kind, itemId, conversationId, label, className = 'button button--secondary' }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Mounted only while open (a list may have a button per item). Removed, an open dialog never gives
  // the focus back as closing it does: the button takes it once the dialog is gone, not left on the page's start.
  const close = () => {
    flushSync(() => setOpen(false));
    button.current?.focus();
  };
  return (
    <>
      <button ref={button} type="button" className={className} onClick={() => setOpen(true)}>
        {label}
      </button>
      {open && <ReportDialog kind={kind} itemId={itemId} conversationId={conversationId} onClose={close} />}
    </>
  );
}

/** The report dialog, mounted while open; `onClose` unmounts it and puts the focus back where it belongs. */
export function ReportDialog({ onClose, ...item }: ReportedItem & { onClose: () => void }) {
  const { t } = useTranslation('reports');
  return (
    <Dialog open title={t('title')} onClose={onClose}>
      <ReportForm {...item} onDone={onClose} />
    </Dialog>
  );
}

function ReportForm({ kind, itemId, conversationId, onDone }: ReportedItem & { onDone: () => void }) {
  const { t } = useTranslation('reports');
  const noteId = useId();
  const errorId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [thanked, setThanked] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);
  const report = useApiMutation(REPORT_ITEM);

  if (thanked) {
    return (
      <>
        <p role="status">{t('thanks')}</p>
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onDone} autoFocus>
            {t('close')}
          </button>
        </div>
      </>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    if (!reason) {
      // Keyboard and screen-reader users land on the choice the error is about, once it describes it.
      flushSync(() => setMissingReason(true));
      firstReason.current?.focus();
      return;
    }
    setFailure(null);
    try {
      await report.mutateAsync({ input: { kind, itemId, conversationId: conversationId ?? null, reason, note: note.trim() || null } });
      setThanked(true);
    } catch (error) {
      setFailure(errorMessageKey(error));
    }
  };

  return (
    <form className="report-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <ChoiceFieldset legend={t('reason')}>
        {REPORT_REASONS.map((value, index) => (
          <label key={value} className="report-form__choice">
            <input
              ref={index === 0 ? firstReason : undefined}
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              onChange={() => {
                setReason(value);
                setMissingReason(false);
              }}
              aria-describedby={missingReason ? errorId : undefined}
            />
            {t(`reasons.${value}`)}
          </label>
        ))}
        {missingReason && (
          <p id={errorId} className="field__error">
            {t('reasonRequired')}
          </p>
        )}
      </ChoiceFieldset>
      <div className="field">
        <label htmlFor={noteId}>{t('note')}</label>
        <textarea id={noteId} rows={4} maxLength={REPORT_NOTE_MAX_LENGTH} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      {failure && (
        <p role="alert" className="notice notice--error">
          {t(failure, { ns: 'common' })}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('cancel')}
        </button>
        <SubmitButton busy={report.isPending}>{t('send')}</SubmitButton>
      </div>
    </form>
  );
}
