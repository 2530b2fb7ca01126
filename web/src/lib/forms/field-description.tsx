import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from './use-form';

/** Ids tying a control to its hint and message (aria-describedby), as the shell's TextField does. */
export function useFieldDescription(hint: string | undefined, error: FieldMessage | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

export function FieldHint({ id, text }: { id: string | undefined; text: string | undefined }) {
  return text ? (
    <p id={id} className="field__hint">
      {text}
    </p>
  ) : null;
}

export function FieldError({ id, error }: { id: string | undefined; error: FieldMessage | undefined }) {
  const { t } = useTranslation();
  return error ? (
    <p id={id} className="field__error">
      {t(error.key, error.values ?? {})}
    </p>
  ) : null;
}
