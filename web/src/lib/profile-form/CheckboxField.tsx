import type { ReactNode } from 'react';
import { FieldError, FieldHint, useFieldDescription } from './field-description';
import type { ControlBinding } from './use-fields-form';

interface CheckboxFieldProps {
  label: ReactNode;
  field: ControlBinding<boolean>;
  hint?: string;
  /** For a box that must be checked (an acceptance or an attestation). */
  required?: boolean;
}

/** One checkbox with its label after it, its hint and message tied to it. */
export function CheckboxField({ label, field, hint, required }: CheckboxFieldProps) {
  const { name, value, error, setValue, register } = field;
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={value}
        onChange={(event) => setValue(event.target.checked)}
        ref={register}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        <FieldHint id={hintId} text={hint} />
        <FieldError id={errorId} error={error} />
      </div>
    </div>
  );
}
