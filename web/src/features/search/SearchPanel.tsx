// The advanced search panel (spec §2 "Ad search"): boxes apply at once, the keyword and the radius
// after a pause in typing or on submit; each change is one entry of the browser's history (the page
// writes the criteria in the address). Phones and tablets open it as a sheet over the results, from a
// "Filters (n)" button, and searching closes it: the results come first there, not under 35 boxes.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UI_LANGUAGE, SEARCH_KEYWORD_MAX_LENGTH, SEARCH_RADIUS_KM, radiusKm } from '@partage/graphql';
import { AddressAutocomplete } from '../../lib/address/AddressAutocomplete';
import { CriteriaFieldsets } from '../../lib/criteria/CriteriaFieldsets';
import { NearMeButton } from '../../lib/address/NearMeButton';
import { EMPTY_CRITERIA, hasFilters, SEARCH_FORM_TARGET, SEARCH_PARAM, type SearchCriteria } from '../../lib/search/search-params';
import { CloseButton } from '../../lib/ui/CloseButton';
import { Dialog } from '../../lib/ui/Dialog';
import { useMediaQuery } from '../../lib/ui/viewport';
import { handOverPaintedForm } from '../../lib/painted-forms/hand-over';
import { useDraft } from './use-draft';

/** Typing pauses this long before the keyword or the radius is searched. */
export const TYPING_DELAY_MS = 600;

/** Where search.css has no room for the panel beside the results: it opens as a sheet. */
const PANEL_AS_SHEET = '(max-width: 63.99rem)';

interface SearchPanelProps {
  criteria: SearchCriteria;
  onChange: (next: SearchCriteria) => void;
}

/** How many filters are set, for the sheet's button: each box ticked, the keyword, the place and its radius. */
export function filterCount(criteria: SearchCriteria): number {
  const { categories, modes, priceRanges, certifications, weekdays, day, evening, keyword, place, radiusKm } = criteria;
  const ticked = categories.length + modes.length + priceRanges.length + certifications.length + weekdays.length;
  return ticked + [day, evening, keyword.trim() !== '', place !== null, place !== null && radiusKm !== null].filter(Boolean).length;
}

export function SearchPanel({ criteria, onChange }: SearchPanelProps) {
  const { t } = useTranslation('search');
  const titleId = useId();
  const asSheet = useMediaQuery(PANEL_AS_SHEET, false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const form = <SearchForm criteria={criteria} onChange={onChange} onSearched={() => setSheetOpen(false)} />;
  const openButton = (className: string) => (
    <button type="button" className={className} aria-haspopup="dialog" onClick={() => setSheetOpen(true)}>
      {t('search:panel.open', { count: filterCount(criteria) })}
    </button>
  );
  if (!asSheet) {
    // Also what the server paints, not knowing the screen: on a phone or a tablet, search.css shows the
    // sheet's button in the panel's place, as the app then draws it (nothing moves when it does).
    return (
      <>
        {openButton('button button--secondary search-panel__open search-panel__open--narrow')}
        <section className="search-panel search-panel--wide" aria-labelledby={titleId}>
          <h2 id={titleId} className="search-panel__title">
            {t('search:panel.title')}
          </h2>
          {form}
        </section>
      </>
    );
  }
  return (
    <div className="search-panel">
      {openButton('button button--secondary search-panel__open')}
      <Dialog open={sheetOpen} title={t('search:panel.title')} onClose={() => setSheetOpen(false)} className="dialog--sheet">
        <CloseButton corner label={t('search:panel.close')} onClick={() => setSheetOpen(false)} />
        {form}
      </Dialog>
    </div>
  );
}

/** The radius typed, as a number when it is one the search accepts (empty: the default). */
function radiusOf(text: string): { valid: boolean; value: number | null } {
  if (text === '') return { valid: true, value: null };
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  return radiusKm(value) === null ? { valid: true, value } : { valid: false, value: null };
}

/**
 * The panel's fields; `onSearched` after a submit (Enter, the search button). Also a plain GET form of the
 * results page, its fields named as the address's parameters: submitted before the app is there (a page
 * the server painted), the server paints the results (docs/painted-forms.md). A place needs a suggestion
 * picked, which needs the app.
 */
function SearchForm({ criteria, onChange, onSearched }: SearchPanelProps & { onSearched: () => void }) {
  const { t, i18n } = useTranslation('search');
  const bodyId = useId();
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
    onSearched();
  };

  return (
    <form
      ref={handOverPaintedForm}
      id={bodyId}
      role="search"
      method="get"
      action={SEARCH_FORM_TARGET.action}
      aria-label={t('search:panel.title')}
      className="search-panel__body"
      onSubmit={submit}
    >
      {i18n.language !== DEFAULT_UI_LANGUAGE && <input type="hidden" name="lang" value={i18n.language} />}
      <div className="field">
        <label htmlFor={`${bodyId}-keyword`}>{t('search:keyword.label')}</label>
        <input
          id={`${bodyId}-keyword`}
          name={SEARCH_PARAM.keyword}
          type="search"
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          value={keyword.draft}
          onChange={(event) => keyword.setDraft(event.target.value)}
        />
      </div>
      <AddressAutocomplete
        label={t('search:place.label')}
        name={SEARCH_PARAM.placeLabel}
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
          name={SEARCH_PARAM.radiusKm}
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
  );
}
