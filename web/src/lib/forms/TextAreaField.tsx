import type { FieldBinding } from './use-form';
import { FieldError, FieldHint, useFieldDescription } from './field-description';

interface TextAreaFieldProps {
  label: string;
  field: FieldBinding;
  /** Guidance shown under the label and read with the field. */
  hint?: string;
  maxLength?: number;
  /** Visible lines; fixed, so the page does not move as the field appears. */
  rows?: number;
  /** False for an optional field; most fields of the app are required. */
  required?: boolean;
}

/** TextField's multi-line twin (a message): label, hint and error tied to it with aria-describedby. */
export function TextAreaField({ label, field, hint, maxLength, rows = 8, required = true }: TextAreaFieldProps) {
  const { name, value, error, onChange, register } = field;
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} text={hint} />
      <textarea
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        ref={register}
        rows={rows}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
