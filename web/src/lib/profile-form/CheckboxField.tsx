import type { ReactNode } from 'react';
import { Checkbox } from '../forms/controls';
import type { ControlBinding } from './use-fields-form';

interface CheckboxFieldProps {
  label: ReactNode;
  field: ControlBinding<boolean>;
  hint?: string;
  /** For a box that must be checked (an acceptance or an attestation). */
  required?: boolean;
}

/** One checkbox of a profile form, bound to its field. */
export function CheckboxField({ label, field, hint, required }: CheckboxFieldProps) {
  const { name, value, error, setValue, register } = field;
  return (
    <Checkbox
      label={label}
      hint={hint}
      error={error}
      register={register}
      name={name}
      required={required}
      checked={value}
      onChange={setValue}
    />
  );
}
