// What a visitor types into a page painted ahead (prerendered or painted by the server) before the app takes
// it over (docs/painted-forms.md). The page's forms answer typing from their first paint, seconds before the
// app on a phone. boot.ts starts this recording when the page is painted ahead: what was typed before, then
// every change, until the app's first commit (main.tsx); each form of the app then takes its fields' values
// back (hand-over.ts). Kept apart from hand-over.ts so that boot.ts, which loads before the first paint,
// carries no React.
// A field is known by its form's place among #root's forms and its name (and value, for a box), the same in
// the painted page and the app's: the rule's test makes every field of a painted form named.

export type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
export type FieldState = { checked: boolean } | { value: string };

let paintedRoot: HTMLElement | null = null;
let recording = false;
/** performance.now() of the page's first paint, with its forms. */
let paintedAt = 0;
/** The forms as painted: the app adopts them when it hydrates a page the server painted. */
const paintedForms = new WeakSet<HTMLFormElement>();
const typed = new Map<string, FieldState>();
let focusedKey: string | null = null;

export const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
export const isBox = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
export const namedFields = (form: HTMLFormElement): Field[] => [...form.elements].filter(isField).filter((field) => field.name);

export const formIndex = (root: HTMLElement, form: HTMLFormElement): number => [...root.querySelectorAll('form')].indexOf(form);

export function keyOf(root: HTMLElement, field: Field): string | null {
  if (!field.form || !field.name || !root.contains(field.form)) return null;
  return `${formIndex(root, field.form)} ${field.name}${isBox(field) ? `=${field.value}` : ''}`;
}

export const stateOf = (field: Field): FieldState => (isBox(field) ? { checked: field.checked } : { value: field.value });

export function changedFromPaint(field: Field): boolean {
  if (isBox(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

function record(field: Field) {
  const key = paintedRoot && keyOf(paintedRoot, field);
  if (key && field.type !== 'hidden') typed.set(key, stateOf(field));
}
const onTyping = (event: Event) => {
  if (isField(event.target)) record(event.target);
};
const onFocus = (event: Event) => {
  if (paintedRoot && isField(event.target)) focusedKey = keyOf(paintedRoot, event.target);
};

/** From boot.ts, on a page painted ahead: what was typed before this ran, then every change until the app's first commit. */
export function recordPaintedForms(root: HTMLElement) {
  paintedRoot = root;
  recording = true;
  paintedAt = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now();
  for (const form of root.querySelectorAll('form')) {
    paintedForms.add(form);
    for (const field of namedFields(form)) if (changedFromPaint(field)) record(field);
  }
  if (isField(document.activeElement)) focusedKey = keyOf(root, document.activeElement);
  document.addEventListener('input', onTyping, true);
  document.addEventListener('change', onTyping, true);
  document.addEventListener('focusin', onFocus, true);
}

/** From the app's first commit: what is typed from now on is typed into the app's own fields. */
export function stopRecording() {
  recording = false;
  document.removeEventListener('input', onTyping, true);
  document.removeEventListener('change', onTyping, true);
  document.removeEventListener('focusin', onFocus, true);
}

/**
 * When a form the app is drawing was first on screen, if it is one of the page painted ahead that the app is
 * taking over (from a layout effect of the app's first render, which runs before its commit ends); else null.
 */
export const paintedFormShownAt = (): number | null => (recording ? paintedAt : null);

/** The page painted ahead whose forms were recorded, if any. */
export const recordedRoot = (): HTMLElement | null => paintedRoot;

/** Whether the app adopted this form from the painted page (hydration) rather than drawing it anew. */
export const wasPainted = (form: HTMLFormElement): boolean => paintedForms.has(form);

/** What was typed into the form at `index` of the painted page, by field key, forgotten once taken; and whether one of its fields had focus. */
export function takeTyped(index: number): { typed: Map<string, FieldState>; focusedKey: string | null } {
  const mine = new Map([...typed].filter(([key]) => key.startsWith(`${index} `)));
  for (const key of mine.keys()) typed.delete(key);
  const focused = focusedKey?.startsWith(`${index} `) ? focusedKey : null;
  if (focused) focusedKey = null;
  return { typed: mine, focusedKey: focused };
}
