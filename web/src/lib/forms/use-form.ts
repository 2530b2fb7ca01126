// A small form state for text fields: shared validation rules on submit, messages bound to their
// field, focus on the first invalid field (spec §5, WCAG 3.3.1).
import { useRef, useState, type ChangeEvent } from 'react';
import type { RuleResult } from '@partage/graphql';
import { firstFailure, useValidatedSubmit } from './validated-submit';

/** A translation key (in `common` unless prefixed) and the values it interpolates. */
export interface FieldMessage {
  key: string;
  values?: Record<string, string | number>;
}

export interface FieldDefinition<Name extends string> {
  /** Shared rules from @partage/graphql, checked in order; the first failure is shown. */
  rules: Array<(value: string, values: Record<Name, string>) => RuleResult>;
  /** Values the rules' messages interpolate, e.g. `{ length: 6 }` for exactLength(6). */
  messageValues?: Record<string, string | number>;
}

/** What a text field is typed into: a one-line input or a text area (TextField, TextAreaField). */
export type TextControl = HTMLInputElement | HTMLTextAreaElement;

export interface FieldBinding {
  name: string;
  value: string;
  error: FieldMessage | undefined;
  onChange: (event: ChangeEvent<TextControl>) => void;
  /** The ref callback of the control, so the form can move focus to it. */
  register: (element: TextControl | null) => void;
}

type Errors<Name extends string> = Partial<Record<Name, FieldMessage>>;

/** `initialValues` fill some fields at first render (e.g. from the address or a loaded record); the rest start empty. */
export function useForm<Name extends string>(
  definitions: Record<Name, FieldDefinition<Name>>,
  initialValues: Partial<Record<Name, string>> = {},
) {
  const names = Object.keys(definitions) as Name[];
  const emptyValues = () => Object.fromEntries(names.map((name) => [name, ''])) as Record<Name, string>;
  const [values, setValues] = useState(() => ({ ...emptyValues(), ...initialValues }));
  const [errors, setErrors] = useState<Errors<Name>>({});
  const inputs = useRef(new Map<Name, TextControl>());

  const check = (name: Name, all: Record<Name, string>): FieldMessage | undefined => {
    const { rules, messageValues } = definitions[name];
    return firstFailure(rules, all[name], all, messageValues);
  };

  /** Shows messages (from the rules or the server) and moves focus to the first field that has one. */
  const showErrors = (next: Errors<Name>) => {
    setErrors(next);
    const first = names.find((name) => next[name]);
    if (first) inputs.current.get(first)?.focus();
  };

  const bind = (name: Name): FieldBinding => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      // Once a message is shown it follows the typing, so it disappears as soon as the value is right.
      if (errors[name]) setErrors({ ...errors, [name]: check(name, next) });
    },
    register: (element) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
  });

  const { submitting, submit } = useValidatedSubmit<Name, Record<Name, string>>({
    values,
    names,
    check,
    showErrors,
    clearErrors: () => setErrors({}),
  });

  const reset = () => {
    setValues(emptyValues());
    setErrors({});
  };

  const focus = (name: Name) => inputs.current.get(name)?.focus();

  return { values, submitting, bind, submit, showErrors, reset, focus };
}
