// The advanced search panel (spec §2 "Ad search"): boxes apply at once, the keyword and the radius
// after a pause in typing or on submit; each change is one entry of the browser's history (the page
// writes the criteria in the address). On a phone the panel folds behind a button.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_KEYWORD_MAX_LENGTH, SEARCH_RADIUS_KM, radiusKm } from '@partage/graphql';
import { AddressAutocomplete } from '../../lib/address/AddressAutocomplete';
import { CriteriaFieldsets } from '../../lib/criteria/CriteriaFieldsets';
import { NearMeButton } from '../../lib/address/NearMeButton';
import { EMPTY_CRITERIA, hasFilters, type SearchCriteria } from '../../lib/search/search-params';
import { useDraft } from './use-draft';

/** Typing pauses this long before the keyword or the radius is searched. */
export const TYPING_DELAY_MS = 600;

interface SearchPanelProps {
  criteria: SearchCriteria;
  onChange: (next: SearchCriteria) => void;
}

/** The radius typed, as a number when it is one the search accepts (empty: the default). */
function radiusOf(text: string): { valid: boolean; value: number | null } {
  if (text === '') return { valid: true, value: null };
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  return radiusKm(value) === null ? { valid: true, value } : { valid: false, value: null };
}

export function SearchPanel({ criteria, onChange }: SearchPanelProps) {
  const { t } = useTranslation('search');
  const bodyId = useId();
  const [open, setOpen] = useState(false);
  const keyword = useDraft(
    criteria.keyword,
    (text) => {
      onChange({ ...criteria, keyword: text });
      return true;
    },
    TYPING_DELAY_MS,
  );
  const radius = useDraft(
    criteria.radiusKm === null ? '' : String(criteria.radiusKm),
    (text) => {
      const { valid, value } = radiusOf(text);
      if (valid) onChange({ ...criteria, radiusKm: value });
      return valid;
    },
    TYPING_DELAY_MS,
  );
  const radiusState = radiusOf(radius.draft.trim());
  const placeLabel = criteria.place ? criteria.place.label || t('search:place.mapCentre') : '';
  const [address, setAddress] = useState({ text: placeLabel, shown: placeLabel });
  if (address.shown !== placeLabel) setAddress({ text: placeLabel, shown: placeLabel });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...criteria, keyword: keyword.draft.trim() };
    if (radiusState.valid) next.radiusKm = radiusState.value;
    keyword.accept();
    if (radiusState.valid) radius.accept();
    onChange(next);
  };

  return (
    <section className="search-panel" aria-labelledby={`${bodyId}-title`}>
      <div className="search-panel__heading">
        <h2 id={`${bodyId}-title`}>{t('search:panel.title')}</h2>
        <button
          type="button"
          className="button button--secondary button--small search-panel__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('search:panel.hide') : t('search:panel.show')}
        </button>
      </div>
      <form
        id={bodyId}
        role="search"
        aria-label={t('search:panel.title')}
        className={open ? 'search-panel__body search-panel__body--open' : 'search-panel__body'}
        onSubmit={submit}
      >
        <div className="field">
          <label htmlFor={`${bodyId}-keyword`}>{t('search:keyword.label')}</label>
          <input
            id={`${bodyId}-keyword`}
            type="search"
            maxLength={SEARCH_KEYWORD_MAX_LENGTH}
            value={keyword.draft}
            onChange={(event) => keyword.setDraft(event.target.value)}
          />
        </div>
        <AddressAutocomplete
          label={t('search:place.label')}
          value={address.text}
          onType={(text) => {
            setAddress({ ...address, text });
            if (text.trim() === '' && criteria.place) onChange({ ...criteria, place: null });
          }}
          onPick={(suggestion) =>
            onChange({ ...criteria, place: { label: suggestion.label, latitude: suggestion.latitude, longitude: suggestion.longitude } })
          }
        />
        <NearMeButton onLocate={(place) => onChange({ ...criteria, place })} />
        <div className="field">
          <label htmlFor={`${bodyId}-radius`}>{t('search:radius.label')}</label>
          <p id={`${bodyId}-radius-hint`} className="field__hint">
            {t('search:radius.hint', { min: SEARCH_RADIUS_KM.min, max: SEARCH_RADIUS_KM.max })}
          </p>
          <input
            id={`${bodyId}-radius`}
            type="text"
            inputMode="numeric"
            placeholder={String(SEARCH_RADIUS_KM.default)}
            value={radius.draft}
            aria-invalid={radiusState.valid ? undefined : true}
            aria-describedby={`${bodyId}-radius-hint${radiusState.valid ? '' : ` ${bodyId}-radius-error`}`}
            onChange={(event) => radius.setDraft(event.target.value)}
          />
          {!radiusState.valid && (
            <p id={`${bodyId}-radius-error`} className="field__error">
              {t('search:radius.invalid', { min: SEARCH_RADIUS_KM.min, max: SEARCH_RADIUS_KM.max })}
            </p>
          )}
        </div>
        <CriteriaFieldsets criteria={criteria} onChange={(change) => onChange({ ...criteria, ...change })} />
        <div className="form-actions">
          <button type="submit" className="button">
            {t('search:panel.submit')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={hasFilters(criteria) ? undefined : true}
            onClick={() => {
              if (!hasFilters(criteria)) return;
              keyword.setDraft('');
              radius.setDraft('');
              onChange(EMPTY_CRITERIA);
            }}
          >
            {t('search:panel.reset')}
          </button>
        </div>
      </form>
    </section>
  );
}
