// Checkbox, select and group controls shared by the forms (profile, ad, search): each shows its hint and message,
// tied with aria-describedby, and registers its element so a form can move focus to it.
import { useId, type ReactNode } from 'react';
import { FieldError, FieldHint, useFieldDescription } from './field-description';
import type { FieldMessage } from './use-form';
import './controls.css';

export interface ControlProps {
  label: ReactNode;
  hint?: string;
  error?: FieldMessage;
  register?: (element: HTMLElement | null) => void;
  name?: string;
  required?: boolean;
}

interface CheckboxProps extends ControlProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** One checkbox with its label after it. */
export function Checkbox({ label, hint, error, register, name, required, checked, onChange }: CheckboxProps) {
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <div className="field field--checkbox">
      <input
        id={id}
        type="checkbox"
        name={name}
        required={required}
        checked={checked}
        ref={register}
        onChange={(event) => onChange(event.target.checked)}
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

export interface Option<Value extends string> {
  value: Value;
  label: string;
}

interface SelectProps<Value extends string> extends ControlProps {
  value: Value | '';
  options: ReadonlyArray<Option<Value>>;
  /** An empty first choice; none when a value is always chosen. */
  placeholder?: string;
  onChange: (value: Value) => void;
}

export function Select<Value extends string>({
  label,
  hint,
  error,
  register,
  name,
  required,
  value,
  options,
  placeholder,
  onChange,
}: SelectProps<Value>) {
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} text={hint} />
      <select
        id={id}
        name={name}
        required={required}
        value={value}
        ref={register}
        onChange={(event) => onChange(event.target.value as Value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
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

/** A group of boxes under a legend; its hint is read with the group. */
export function ChoiceFieldset({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  const hintId = useId();
  return (
    <fieldset className="choice-group" aria-describedby={hint ? hintId : undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {children}
    </fieldset>
  );
}
