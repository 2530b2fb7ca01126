// Form state for forms that hold more than text: choices, flags and lists, starting from loaded values.
// The shell's useForm covers empty text-only forms; this adds typed values, a starting point to
// compare with (only changed fields are sent) and messages for any kind of control, with the same
// behaviour: shared rules on submit, message bound to its field, focus on the first invalid one.
import { useRef, useState } from 'react';
import type { RuleResult } from '@partage/graphql';
import type { FieldBinding, FieldMessage } from '../forms/use-form';
import { firstFailure, useValidatedSubmit } from '../forms/validated-submit';

export type FieldValue = string | boolean | readonly string[];
export type FormValues = Record<string, FieldValue>;

type Rule<Values extends FormValues, Name extends keyof Values> = (value: Values[Name], values: Values) => RuleResult;

/** The shared rules of each checked field (from @partage/graphql), first failure shown. */
export type FieldRules<Values extends FormValues> = {
  [Name in keyof Values]?: {
    rules: Array<Rule<Values, Name>>;
    /** Values the messages interpolate, e.g. `{ max: 200 }` for maxLength(200). */
    messageValues?: Record<string, string | number>;
  };
};

export type FieldErrors<Values extends FormValues> = Partial<Record<keyof Values & string, FieldMessage>>;

/** What a control needs: its value, its message, a setter, and a ref so the form can focus it. */
export interface ControlBinding<Value> {
  name: string;
  value: Value;
  error: FieldMessage | undefined;
  setValue: (value: Value) => void;
  register: (element: HTMLElement | null) => void;
}

const normalized = (value: FieldValue): FieldValue =>
  typeof value === 'string' ? value.trim() : Array.isArray(value) ? [...value].sort() : value;

/** Same value once surrounding spaces and the order of a list are ignored. */
export const sameValue = (a: FieldValue, b: FieldValue): boolean => JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));

const inDocumentOrder = (a: HTMLElement, b: HTMLElement) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);

export function useFieldsForm<Values extends FormValues>(initial: Values, definitions: FieldRules<Values>) {
  type Name = keyof Values & string;
  const [values, setValues] = useState(initial);
  // What the values are compared with to find the changes: the loaded or last saved values.
  const [baseline, setBaseline] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const elements = useRef(new Map<Name, HTMLElement>());

  const check = (name: Name, all: Values): FieldMessage | undefined => {
    const definition = definitions[name];
    const rules = (definition?.rules ?? []) as Array<(value: FieldValue, values: Values) => RuleResult>;
    return firstFailure(rules, all[name] as FieldValue, all, definition?.messageValues);
  };

  /** Shows messages (from the rules or the server) and moves focus to the first field, in page order, that has one. */
  const showErrors = (next: FieldErrors<Values>) => {
    const names = (Object.keys(next) as Name[]).filter((name) => next[name]);
    // A server's message names only the rule: the limits it quotes come from the field's definition.
    setErrors(
      Object.fromEntries(
        names.map((name) => [name, { ...next[name], values: next[name]!.values ?? definitions[name]?.messageValues }]),
      ) as FieldErrors<Values>,
    );
    names
      .flatMap((name) => elements.current.get(name) ?? [])
      .sort(inDocumentOrder)[0]
      ?.focus();
  };

  const control = <Name extends keyof Values & string>(name: Name): ControlBinding<Values[Name]> => ({
    name,
    value: values[name],
    error: errors[name],
    setValue: (value) => {
      const next = { ...values, [name]: value };
      setValues(next);
      // Once a message is shown it follows the input, so it disappears as soon as the value is right.
      if (errors[name]) setErrors({ ...errors, [name]: check(name, next) });
    },
    register: (element) => {
      if (element) elements.current.set(name, element);
      else elements.current.delete(name);
    },
  });

  /** The binding the shell's TextField takes, for a text field. */
  const text = (name: { [N in Name]: Values[N] extends string ? N : never }[Name]): FieldBinding => {
    const binding = control(name);
    return { ...binding, value: binding.value as string, onChange: (event) => binding.setValue(event.target.value as Values[typeof name]) };
  };

  const { submitting, submit } = useValidatedSubmit<Name, Values>({
    values,
    names: Object.keys(definitions) as Name[],
    check,
    showErrors,
    clearErrors: () => setErrors({}),
  });

  /** The fields whose value differs from the baseline. */
  const changedFields = (): Name[] =>
    (Object.keys(values) as Name[]).filter((name) => !sameValue(values[name] as FieldValue, baseline[name] as FieldValue));

  /** After a save: the saved values become the ones later changes are measured from. */
  const rebase = (saved: Values) => {
    setValues(saved);
    setBaseline(saved);
  };

  return { values, submitting, control, text, submit, showErrors, changedFields, rebase };
}

export type FieldsForm<Values extends FormValues> = ReturnType<typeof useFieldsForm<Values>>;
