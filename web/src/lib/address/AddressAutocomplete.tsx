// An address field whose value must come from the place suggestions (spec §5: latitude and longitude
// required). ARIA 1.2 combobox pattern: the input owns a listbox, the highlighted option is named by
// aria-activedescendant while focus stays in the input; arrows move, Enter picks, Escape closes.
// Enter with no option highlighted takes the first suggestion for what is typed (asked for at once if
// the list is not there yet), and the status says which: "H2X 1Y4" then Enter is a place, not nothing.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentLanguage } from '@partage/graphql';
import { graphqlRequest } from '../api/graphql';
import { queryKey, useApiQuery } from '../api/queries';
import { queryClient } from '../api/query-client';
import './address.css';
import { PLACE_SUGGESTIONS, type PlaceSuggestion } from './operations';

/** Typing pauses this long before suggestions are asked for. */
export const SUGGESTION_DELAY_MS = 250;
/** Fewer characters match too many places to be useful. */
const MIN_CHARACTERS = 3;

interface AddressAutocompleteProps {
  label: string;
  /** What the field shows: the picked suggestion's label or what is being typed. */
  value: string;
  /** Typing: the previous choice no longer holds (its coordinates must be dropped). */
  onType: (text: string) => void;
  onPick: (suggestion: PlaceSuggestion) => void;
  /** Translated message of the field, tied to it with aria-describedby. */
  error?: string;
  hint?: string;
  register?: (element: HTMLInputElement | null) => void;
  maxLength?: number;
  /** The field's name in its form (what a page painted ahead keeps across the app's takeover). */
  name?: string;
}

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function AddressAutocomplete({ label, value, onType, onPick, error, hint, register, maxLength, name }: AddressAutocompleteProps) {
  const { t, i18n } = useTranslation('address');
  // Places are named in the reader's language where names differ ("Québec" / "Quebec City").
  const language: ContentLanguage = i18n.language === 'en' ? 'ENGLISH' : 'FRENCH';
  const id = useId();
  const listId = `${id}-list`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** What the status says after a pick or an Enter (the suggestions' count otherwise); typing clears it. */
  const [outcome, setOutcome] = useState('');
  // What was last typed, read when an Enter's suggestions arrive: typing on meanwhile cancels its pick.
  const typedLast = useRef(value);
  const text = useDebounced(value.trim(), SUGGESTION_DELAY_MS);
  const enabled = open && text.length >= MIN_CHARACTERS;
  const query = useApiQuery(PLACE_SUGGESTIONS, { text, language }, { enabled, keepPreviousData: true });
  const suggestions = enabled ? (query.data?.searchPlaces ?? []) : [];
  const expanded = open && suggestions.length > 0;

  const pick = (suggestion: PlaceSuggestion) => {
    onPick(suggestion);
    setOpen(false);
    setActive(-1);
    setOutcome(t('picked', { label: suggestion.label }));
  };

  /** Enter without a highlighted option: the first suggestion for the text typed. */
  const pickFirst = async (typed: string) => {
    const variables = { text: typed, language };
    const answer = await queryClient
      .fetchQuery({ queryKey: queryKey(PLACE_SUGGESTIONS, variables), queryFn: () => graphqlRequest(PLACE_SUGGESTIONS, variables) })
      .catch(() => null);
    if (typedLast.current.trim() !== typed || !answer) return;
    const [first] = answer.searchPlaces;
    if (first) pick(first);
    else setOutcome(t('noSuggestion'));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]!);
    } else if (event.key === 'Enter' && value.trim().length >= MIN_CHARACTERS && !outcome) {
      // Not the form's submit: finding the place typed is what this Enter is for.
      event.preventDefault();
      void pickFirst(value.trim());
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const status =
    outcome ||
    (enabled && !query.isFetching && text === value.trim()
      ? suggestions.length > 0
        ? t('suggestionCount', { count: suggestions.length })
        : t('noSuggestion')
      : '');

  return (
    <div className="field combobox">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="text"
        name={name}
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        value={value}
        maxLength={maxLength}
        ref={register}
        onChange={(event) => {
          typedLast.current = event.target.value;
          onType(event.target.value);
          setOpen(true);
          setActive(-1);
          setOutcome('');
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.label}-${suggestion.latitude}-${suggestion.longitude}`}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="combobox__option"
            // Picked before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(suggestion);
            }}
          >
            {suggestion.label}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
