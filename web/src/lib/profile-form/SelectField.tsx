import { Select, type Option } from '../forms/controls';
import type { ControlBinding } from './use-fields-form';

interface SelectFieldProps<Value extends string> {
  label: string;
  field: ControlBinding<Value | ''>;
  options: ReadonlyArray<Option<Value>>;
  /** The first, empty choice: nothing is picked for the person. */
  placeholder: string;
  hint?: string;
}

/** A required choice in a list of a profile form, bound to its field. */
export function SelectField<Value extends string>({ label, field, options, placeholder, hint }: SelectFieldProps<Value>) {
  const { name, value, error, setValue, register } = field;
  return (
    <Select
      label={label}
      hint={hint}
      error={error}
      register={register}
      name={name}
      required
      value={value}
      options={options}
      placeholder={placeholder}
      onChange={setValue}
    />
  );
}
