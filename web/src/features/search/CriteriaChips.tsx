// What the search holds, under its bar: a chip per criterion, each removing it, and "clear all". After a
// removal the focus goes to the next chip (or the one before), else to the keyword field: never to the
// page's body.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_CRITERIA, type SearchCriteria } from '../../lib/search/search-params';
import { criteriaChips } from './criteria-chips';

interface CriteriaChipsProps {
  criteria: SearchCriteria;
  onChange: (next: SearchCriteria) => void;
  /** Where the focus goes when the last chip is removed. */
  focusWhenEmpty: () => void;
}

export function CriteriaChips({ criteria, onChange, focusWhenEmpty }: CriteriaChipsProps) {
  const { t } = useTranslation(['search', 'criteria', 'adFields']);
  const chips = criteriaChips(criteria, t);
  const list = useRef<HTMLUListElement>(null);
  // The chip removed (its place, and how many chips there were), to focus its follower once the search
  // has changed: the address, hence the criteria, may follow a render later.
  const removed = useRef<{ at: number; of: number } | null>(null);

  useEffect(() => {
    if (!removed.current || chips.length === removed.current.of) return;
    const at = removed.current.at;
    removed.current = null;
    // After the app's own move of the focus on a navigation (AppShell, an effect of an ancestor: it runs
    // after this one), which would otherwise take it to the page's content.
    const timer = setTimeout(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('.criteria-chip');
      const next = buttons?.[Math.min(at, buttons.length - 1)];
      if (next) next.focus();
      else focusWhenEmpty();
    });
    return () => clearTimeout(timer);
  }, [chips.length, focusWhenEmpty]);

  if (chips.length === 0) return null;
  return (
    <div className="criteria-chips">
      <ul ref={list} className="criteria-chips__list" aria-label={t('search:chips.label')}>
        {chips.map((chip, index) => (
          <li key={chip.key}>
            <button
              type="button"
              className="criteria-chip"
              aria-label={t('search:chips.remove', { label: chip.label })}
              onClick={() => {
                removed.current = { at: index, of: chips.length };
                onChange(chip.without);
              }}
            >
              <span>{chip.label}</span>
              <span aria-hidden="true" className="criteria-chip__cross">
                ×
              </span>
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button
          type="button"
          className="link-button criteria-chips__clear"
          onClick={() => {
            removed.current = { at: 0, of: chips.length };
            onChange({ ...EMPTY_CRITERIA, sort: criteria.sort });
          }}
        >
          {t('search:chips.clear')}
        </button>
      )}
    </div>
  );
}
