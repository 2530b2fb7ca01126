// The ad form's own controls (checkbox and select are shared, in lib/forms/controls): each shows the message of its AdInput path, tied with aria-describedby,
// and registers itself so the form can move focus to it.
import { useId, type ReactNode } from 'react';
import { FieldError, FieldHint, useFieldDescription } from '../../lib/forms/field-description';
import type { FieldMessage } from '../../lib/forms/use-form';
import type { Option } from '../../lib/forms/controls';

interface Common {
  label: ReactNode;
  hint?: string;
  error?: FieldMessage;
  register?: (element: HTMLElement | null) => void;
}

interface TextProps extends Common {
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  multiline?: boolean;
  type?: 'text' | 'date';
  min?: string;
  lang?: string;
  required?: boolean;
  autoComplete?: string;
}

export function TextInput({
  label,
  hint,
  error,
  register,
  value,
  onChange,
  maxLength,
  multiline,
  type = 'text',
  min,
  lang,
  required,
  autoComplete,
}: TextProps) {
  const { id, hintId, errorId, describedBy } = useFieldDescription(hint, error);
  const shared = {
    id,
    value,
    maxLength,
    lang,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <FieldHint id={hintId} text={hint} />
      {multiline ? (
        <textarea {...shared} rows={3} ref={register} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={type}
          min={min}
          autoComplete={autoComplete ?? 'off'}
          ref={register}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface GroupProps extends Omit<Common, 'label'> {
  legend: string;
  children: ReactNode;
  className?: string;
}

/** A fieldset whose hint and message are read with it; `register` gets its first control, for focus. */
export function Group({ legend, hint, error, children, className }: GroupProps) {
  const { hintId, errorId, describedBy } = useFieldDescription(hint, error);
  return (
    <fieldset className={`choice-group ${className ?? ''}`} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <FieldHint id={hintId} text={hint} />
      {children}
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

interface ChecklistProps<Value extends string> {
  legend: string;
  hint?: string;
  error?: FieldMessage;
  register?: (element: HTMLElement | null) => void;
  options: ReadonlyArray<Option<Value>>;
  value: readonly Value[];
  onChange: (value: Value[]) => void;
}

/** Any number of choices under a legend (a multi-select that works without a pointer). */
export function Checklist<Value extends string>({ legend, hint, error, register, options, value, onChange }: ChecklistProps<Value>) {
  const name = useId();
  return (
    <Group legend={legend} hint={hint} error={error} className="checklist">
      {options.map((option, index) => (
        <ChecklistItem
          key={option.value}
          name={name}
          label={option.label}
          checked={value.includes(option.value)}
          register={index === 0 ? register : undefined}
          invalid={!!error}
          onChange={(checked) => onChange(checked ? [...value, option.value] : value.filter((selected) => selected !== option.value))}
        />
      ))}
    </Group>
  );
}

function ChecklistItem({
  name,
  label,
  checked,
  invalid,
  register,
  onChange,
}: {
  name: string;
  label: string;
  checked: boolean;
  invalid: boolean;
  register?: (element: HTMLElement | null) => void;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="field--checkbox choice-group__item">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={checked}
        ref={register}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

interface RadiosProps<Value extends string> {
  legend: string;
  options: ReadonlyArray<Option<Value>>;
  value: Value;
  onChange: (value: Value) => void;
}

export function Radios<Value extends string>({ legend, options, value, onChange }: RadiosProps<Value>) {
  const name = useId();
  return (
    <Group legend={legend} className="radios">
      {options.map((option) => (
        <RadioItem
          key={option.value}
          name={name}
          label={option.label}
          checked={value === option.value}
          onChange={() => onChange(option.value)}
        />
      ))}
    </Group>
  );
}

function RadioItem(props: { name: string; label: string; checked: boolean; onChange: () => void }) {
  const id = useId();
  return (
    <div className="field--checkbox choice-group__item">
      <input id={id} type="radio" name={props.name} checked={props.checked} onChange={props.onChange} />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}
