import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Typing pauses this long before the list follows. */
export const SEARCH_DEBOUNCE_MS = 400;

interface UserSearchFormProps {
  /** The search the list shows (from the address). */
  search: string;
  /** `replace` while one typing goes on, so the history keeps one entry per search, not per pause. */
  onSearch: (search: string, options: { replace: boolean }) => void;
}

/** Search by words of a name, an organisation or an e-mail address: as one types, or at once with Enter. */
export function UserSearchForm({ search, onSearch }: UserSearchFormProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [draft, setDraft] = useState(search);
  const [committed, setCommitted] = useState(search);
  // Back and forward change the search in the address: the box follows.
  if (search !== committed) {
    setCommitted(search);
    setDraft(search);
  }
  const typingCommitted = useRef(false);

  const commit = (term: string, replace: boolean) => {
    setCommitted(term);
    onSearch(term, { replace });
  };

  const commitTyped = useEffectEvent((term: string) => {
    commit(term, typingCommitted.current);
    typingCommitted.current = true;
  });

  const typed = draft.trim();
  useEffect(() => {
    if (typed === committed) return;
    const timer = setTimeout(() => commitTyped(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, committed]);

  return (
    <form
      role="search"
      className="user-search"
      onSubmit={(event) => {
        event.preventDefault();
        if (typed !== committed) commit(typed, typingCommitted.current);
        typingCommitted.current = false;
      }}
    >
      <label htmlFor={id}>{t('users.search.label')}</label>
      <p id={`${id}-hint`} className="field__hint">
        {t('users.search.hint')}
      </p>
      <div className="user-search__row">
        <input
          id={id}
          type="search"
          name="recherche"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => {
            typingCommitted.current = false;
          }}
          autoComplete="off"
          aria-describedby={`${id}-hint`}
        />
        <button type="submit" className="button">
          {t('users.search.submit')}
        </button>
      </div>
    </form>
  );
}
