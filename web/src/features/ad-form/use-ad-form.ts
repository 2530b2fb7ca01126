// State of the ad form: nested values, messages by AdInput path (from the shared rules or the
// server), focus on the first field in error in page order (WCAG 3.3.1), and the last saved input a
// save is compared with (a save without change is skipped, spec §8).
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../../lib/forms/use-form';
import { readerLanguage } from '../../lib/ads/localized-text';
import { quebecToday } from '@partage/graphql';
import { adFormErrors, adInputOf, limitOf, type AdFormErrors, type AdFormValues } from './ad-values';

export type AdFormMessages = Record<string, FieldMessage>;

/** A rule's message, quoting the field's limit where the rule has one. */
export const messageOf = (path: string, rule: string): FieldMessage => ({ key: `validation.${rule}`, values: { max: limitOf(path) } });

const messagesOf = (errors: AdFormErrors): AdFormMessages =>
  Object.fromEntries(Object.entries(errors).map(([path, rule]) => [path, messageOf(path, rule)]));

const inDocumentOrder = (a: HTMLElement, b: HTMLElement) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1);

export function useAdForm(initial: AdFormValues) {
  // Amounts are read as typed in the interface's language (`1,234` is 1 234 $ in English only).
  const language = readerLanguage(useTranslation().i18n.language);
  const [values, setValues] = useState(initial);
  const [baseline, setBaseline] = useState(() => adInputOf(initial, language));
  // The messages set by a submit (from the rules or the server) and the values they were about.
  const [shown, setShown] = useState<{ messages: AdFormMessages; about: AdFormValues }>({ messages: {}, about: initial });
  const elements = useRef(new Map<string, HTMLElement>());

  // Once a message is shown it follows the input: it goes as soon as the value is right.
  const messages = useMemo(() => {
    if (shown.about === values || Object.keys(shown.messages).length === 0) return shown.messages;
    const now = adFormErrors(values, quebecToday(new Date()), language);
    return Object.fromEntries(Object.keys(shown.messages).flatMap((path) => (now[path] ? [[path, messageOf(path, now[path])]] : [])));
  }, [shown, values, language]);

  /** The element that shows a path's message: its own, else the nearest enclosing one (`images.0.fileIds` → `images.0`). */
  const elementOf = (path: string): HTMLElement | undefined => {
    for (let parts = path.split('.'); parts.length > 0; parts = parts.slice(0, -1)) {
      const element = elements.current.get(parts.join('.'));
      if (element) return element;
    }
    return undefined;
  };

  /** Shows messages and moves focus to the first field that has one; false when none of them belongs to a field here. */
  const showMessages = (next: AdFormMessages): boolean => {
    const placed = Object.keys(next).filter((path) => elementOf(path));
    setShown({ messages: Object.fromEntries(placed.map((path) => [path, next[path]!])), about: values });
    placed
      .flatMap((path) => elementOf(path) ?? [])
      .sort(inDocumentOrder)[0]
      ?.focus();
    return placed.length > 0;
  };

  /** The messages of the values' failing rules, shown; true when there were none. */
  const validate = (): boolean => {
    const errors = adFormErrors(values, quebecToday(new Date()), language);
    if (Object.keys(errors).length === 0) return true;
    showMessages(messagesOf(errors));
    return false;
  };

  const register = (path: string) => (element: HTMLElement | null) => {
    if (element) elements.current.set(path, element);
    else elements.current.delete(path);
  };

  /** The message of the first of `paths` that has one. */
  const messageAt = (...paths: string[]): FieldMessage | undefined => paths.map((path) => messages[path]).find(Boolean);

  const update = (change: (current: AdFormValues) => AdFormValues) => setValues(change);

  /** After a save: later changes are measured from what was saved. */
  const rebase = () => setBaseline(adInputOf(values, language));

  return { values, language, update, baseline, messageAt, register, validate, showMessages, rebase };
}

export type AdForm = ReturnType<typeof useAdForm>;
