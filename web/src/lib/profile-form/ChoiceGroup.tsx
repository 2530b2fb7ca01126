import { useId } from 'react';
import { ChoiceFieldset } from '../forms/controls';
import type { ControlBinding } from './use-fields-form';

interface Choice<Value extends string> {
  value: Value;
  label: string;
  /** The language of the label when it differs from the page's (a language's own name). */
  lang?: string;
}

interface GroupProps<Value extends string> {
  legend: string;
  hint?: string;
  options: ReadonlyArray<Choice<Value>>;
}

interface ChoiceInputProps {
  type: 'checkbox' | 'radio';
  name: string;
  choice: Choice<string>;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

function ChoiceInput({ type, name, choice, checked, onChange }: ChoiceInputProps) {
  const id = useId();
  return (
    <div className="field--checkbox choice-group__item">
      <input id={id} type={type} name={name} value={choice.value} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id} lang={choice.lang}>
        {choice.label}
      </label>
    </div>
  );
}

/** Any number of choices, e.g. interests. */
export function CheckboxGroup<Value extends string>({ field, ...group }: GroupProps<Value> & { field: ControlBinding<readonly Value[]> }) {
  const toggle = (value: Value, checked: boolean) =>
    field.setValue(checked ? [...field.value, value] : field.value.filter((selected) => selected !== value));
  return (
    <ChoiceFieldset legend={group.legend} hint={group.hint}>
      {group.options.map((choice) => (
        <ChoiceInput
          key={choice.value}
          type="checkbox"
          name={field.name}
          choice={choice}
          checked={field.value.includes(choice.value)}
          onChange={(checked) => toggle(choice.value, checked)}
        />
      ))}
    </ChoiceFieldset>
  );
}

/** Exactly one choice, e.g. a language. */
export function RadioGroup<Value extends string>({ field, ...group }: GroupProps<Value> & { field: ControlBinding<Value> }) {
  return (
    <ChoiceFieldset legend={group.legend} hint={group.hint}>
      {group.options.map((choice) => (
        <ChoiceInput
          key={choice.value}
          type="radio"
          name={field.name}
          choice={choice}
          checked={field.value === choice.value}
          onChange={(checked) => checked && field.setValue(choice.value)}
        />
      ))}
    </ChoiceFieldset>
  );
}
