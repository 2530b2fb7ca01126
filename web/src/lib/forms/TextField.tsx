import { useId, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldBinding } from './use-form';

interface TextFieldProps {
  label: string;
  field: FieldBinding;
  type?: 'text' | 'email' | 'password' | 'date';
  autoComplete: string;
  /** Guidance shown under the label and read with the field. */
  hint?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  /** An example or the value used when left empty (e.g. an alert's radius). */
  placeholder?: string;
  autoFocus?: boolean;
  /** False for an optional field; most fields of the app are required. */
  required?: boolean;
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({
  label,
  field,
  type = 'text',
  autoComplete,
  hint,
  inputMode,
  maxLength,
  placeholder,
  autoFocus,
  required = true,
}: TextFieldProps) {
  const { name, value, error, onChange, register } = field;
  const { t } = useTranslation();
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={onChange}
        ref={register}
        autoComplete={autoComplete}
        inputMode={inputMode}
        maxLength={maxLength}
        placeholder={placeholder}
        autoFocus={autoFocus}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
      {error && (
        <p id={errorId} className="field__error">
          {t(error.key, error.values ?? {})}
        </p>
      )}
    </div>
  );
}
