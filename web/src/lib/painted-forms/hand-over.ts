// The app's side of a form painted ahead (docs/painted-forms.md, record.ts): `<form ref={handOverPaintedForm}>`.
// When the app's form is first attached, its fields get what the visitor typed into the painted one, as
// if typed (so that the form's own state follows), focus returns to the field it was in, and a submission
// the head's guard held (PAINTED_FORMS_GUARD) is made by the app's form. From the form's own commit: the
// app hydrates the page the server painted one part at a time, so the form may be the app's later than the
// page.
import { PAINTED_SUBMIT_GLOBAL } from '@partage/graphql';
import {
  changedFromPaint,
  formIndex,
  isBox,
  keyOf,
  namedFields,
  recordedRoot,
  stateOf,
  takeTyped,
  wasPainted,
  type Field,
  type FieldState,
} from './record';

interface HeldSubmit {
  form: number;
  submitter: string | null;
}

/** The setter of the element's prototype: React's own tracker would otherwise swallow the change it then reports. */
function typeInto(field: Field, value: string) {
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

/**
 * Tells the app's form what a field holds. A field React adopted from the server's page (hydration) shows
 * what was typed while React's state still holds the painted value: it is changed to something else first,
 * so that React sees a change, then back.
 */
function restore(field: Field, state: FieldState, adopted: boolean) {
  if ('checked' in state) {
    if (!isBox(field)) return;
    if (adopted && field.checked === state.checked) field.click();
    if (field.checked !== state.checked) field.click();
  } else if (adopted || field.value !== state.value) {
    if (adopted && !(field instanceof HTMLSelectElement)) typeInto(field, state.value === '' ? ' ' : '');
    typeInto(field, state.value);
  }
}

/** The next task: React has rendered what the last events changed (a form's handlers read its last render). */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

const handedOver = new WeakSet<HTMLFormElement>();

async function handOver(form: HTMLFormElement) {
  const root = recordedRoot();
  if (!root?.contains(form) || handedOver.has(form)) return;
  handedOver.add(form);
  const index = formIndex(root, form);
  const { typed, focusedKey } = takeTyped(index);
  const adopted = wasPainted(form);
  const global = window as unknown as Record<string, HeldSubmit | undefined>;
  const held = global[PAINTED_SUBMIT_GLOBAL]?.form === index ? global[PAINTED_SUBMIT_GLOBAL] : undefined;
  if (held) delete global[PAINTED_SUBMIT_GLOBAL];

  // Adopted fields hold what was typed, even after the recording stopped; fields drawn anew get the record.
  const restores = namedFields(form).flatMap((field): [Field, FieldState][] => {
    const state = typed.get(keyOf(root, field) ?? '');
    if (adopted) return state || changedFromPaint(field) ? [[field, stateOf(field)]] : [];
    return state ? [[field, state]] : [];
  });
  for (const [field, state] of restores) {
    restore(field, state, adopted);
    await nextTask();
  }
  const focused = namedFields(form).find((field) => keyOf(root, field) === focusedKey);
  if (focused && (document.activeElement === document.body || document.activeElement === null)) focused.focus();
  if (!held || !form.isConnected) return;
  const submitter = held.submitter ? form.querySelector<HTMLButtonElement>(`button[name="${CSS.escape(held.submitter)}"]`) : null;
  form.requestSubmit(submitter ?? undefined);
}

/** The ref of a form that a page painted ahead may hold (docs/painted-forms.md): `<form ref={handOverPaintedForm}>`. */
export function handOverPaintedForm(form: HTMLFormElement | null) {
  if (form) void handOver(form);
}
