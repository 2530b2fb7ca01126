import { useId, type ReactNode } from 'react';
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

/** The field's message; `children` say more under it (e.g. what would do instead), read with it as its description. */
export function FieldError({ id, error, children }: { id: string | undefined; error: FieldMessage | undefined; children?: ReactNode }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = t(error.key, error.values ?? {});
  return children ? (
    <div id={id} className="field__error">
      <p>{message}</p>
      {children}
    </div>
  ) : (
    <p id={id} className="field__error">
      {message}
    </p>
  );
}
