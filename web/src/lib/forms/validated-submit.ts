// What both form hooks do alike (useForm for text fields, useFieldsForm for the profile forms): a
// field's message is its first failing rule, and a submit checks every field before it runs.
import { useState, type FormEvent } from 'react';
import type { RuleResult } from '@partage/graphql';
import type { FieldMessage } from './use-form';

/** The message of the first of `rules` that `value` fails, interpolating `messageValues`; none when all pass. */
export function firstFailure<Value, Values>(
  rules: ReadonlyArray<(value: Value, values: Values) => RuleResult>,
  value: Value,
  values: Values,
  messageValues?: Record<string, string | number>,
): FieldMessage | undefined {
  for (const rule of rules) {
    const failed = rule(value, values);
    if (failed) return { key: `validation.${failed}`, values: messageValues };
  }
  return undefined;
}

interface ValidatedSubmitOptions<Name extends string, Values> {
  values: Values;
  /** The checked fields, in the order their messages are collected. */
  names: readonly Name[];
  check: (name: Name, values: Values) => FieldMessage | undefined;
  showErrors: (errors: Partial<Record<Name, FieldMessage>>) => void;
  clearErrors: () => void;
}

/**
 * `submit(onValid)` makes the form's onSubmit: the messages of every failing field are shown, or, when
 * all pass, they are cleared and `onValid` runs with `submitting` set; a submit meanwhile is ignored.
 */
export function useValidatedSubmit<Name extends string, Values>({
  values,
  names,
  check,
  showErrors,
  clearErrors,
}: ValidatedSubmitOptions<Name, Values>) {
  const [submitting, setSubmitting] = useState(false);

  const submit = (onValid: (values: Values) => unknown) => async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = Object.fromEntries(names.map((name) => [name, check(name, values)]).filter(([, message]) => message));
    if (Object.keys(found).length > 0) return showErrors(found as Partial<Record<Name, FieldMessage>>);
    clearErrors();
    setSubmitting(true);
    try {
      await onValid(values);
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, submit };
}
