import { FieldError, FieldHint, useFieldDescription } from './field-description';
import type { ControlBinding } from './use-fields-form';

interface SelectFieldProps<Value extends string> {
  label: string;
  field: ControlBinding<Value | ''>;
  options: ReadonlyArray<{ value: Value; label: string }>;
  /** The first, empty choice: nothing is picked for the person. */
  placeholder: string;
  hint?: string;
}

/** A required choice in a list, its hint and message tied to it. */
export function SelectField<Value extends string>({ label, field, options, placeholder, hint }: SelectFieldProps<Value>) {
  const { name, value, error, setValue, register } = field;
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} text={hint} />
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => setValue(event.target.value as Value)}
        ref={register}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}
