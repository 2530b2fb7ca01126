// The filters of /annonces (spec §2 "Ad search"): the boxes apply at once, the radius after a pause in
// typing or on "Apply"; each change is one entry of the browser's history (the page writes the criteria
// in the address). What and where are the search bar's (SearchBar). Phones and tablets open the filters as
// a sheet over the results, from the toolbar's "Filters (n)" button, and applying closes it: the results
// come first there, not under 35 boxes.
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_RADIUS_KM, radiusKm } from '@partage/graphql';
import { CriteriaFieldsets } from '../../lib/criteria/CriteriaFieldsets';
import { EMPTY_CRITERIA, SEARCH_FORM_TARGET, SEARCH_PARAM, type SearchCriteria, type SearchView } from '../../lib/search/search-params';
import { CloseButton } from '../../lib/ui/CloseButton';
import { Dialog } from '../../lib/ui/Dialog';
import { useMediaQuery } from '../../lib/ui/viewport';
import { handOverPaintedForm } from '../../lib/painted-forms/hand-over';
import { HiddenCriteria, TYPING_DELAY_MS } from './SearchBar';
import { useDraft } from './use-draft';

/** Where search.css has no room for the panel beside the results: it opens as a sheet. */
const PANEL_AS_SHEET = '(max-width: 63.99rem)';

/** The fields of the filters' form; the search bar has the others. */
const FILTER_FIELDS = [
  SEARCH_PARAM.categories,
  SEARCH_PARAM.modes,
  SEARCH_PARAM.priceRanges,
  SEARCH_PARAM.certifications,
  SEARCH_PARAM.day,
  SEARCH_PARAM.evening,
  SEARCH_PARAM.weekdays,
  SEARCH_PARAM.radiusKm,
];

interface SearchPanelProps {
  criteria: SearchCriteria;
  view: SearchView;
  onChange: (next: SearchCriteria) => void;
  /** The sheet (phones and tablets) is open. */
  sheetOpen: boolean;
  onCloseSheet: () => void;
}

/** How many filters are set, for the sheet's button: each box ticked, and the radius of a place. */
export function filterCount(criteria: SearchCriteria): number {
  const { categories, modes, priceRanges, certifications, weekdays, day, evening, place, radiusKm } = criteria;
  const ticked = categories.length + modes.length + priceRanges.length + certifications.length + weekdays.length;
  return ticked + [day, evening, place !== null && radiusKm !== null].filter(Boolean).length;
}

/** The toolbar's button that opens the sheet; search.css shows it on phones and tablets only. */
export function FiltersButton({ criteria, onOpen }: { criteria: SearchCriteria; onOpen: () => void }) {
  const { t } = useTranslation('search');
  return (
    <button type="button" className="button button--secondary button--small search-panel__open" aria-haspopup="dialog" onClick={onOpen}>
      {t('search:panel.open', { count: filterCount(criteria) })}
    </button>
  );
}

export function SearchPanel({ criteria, view, onChange, sheetOpen, onCloseSheet }: SearchPanelProps) {
  const { t } = useTranslation('search');
  const titleId = useId();
  const asSheet = useMediaQuery(PANEL_AS_SHEET, false);
  const form = <FiltersForm criteria={criteria} view={view} onChange={onChange} onApplied={onCloseSheet} />;
  if (!asSheet) {
    // Also what the server paints, not knowing the screen: search.css hides it on a phone or a tablet, where
    // the toolbar's button opens the sheet the app then draws.
    return (
      <section className="search-panel search-panel--wide" aria-labelledby={titleId}>
        <h2 id={titleId} className="search-panel__title">
          {t('search:panel.title')}
        </h2>
        {form}
      </section>
    );
  }
  return (
    <Dialog open={sheetOpen} title={t('search:panel.title')} onClose={onCloseSheet} className="dialog--sheet">
      <CloseButton corner label={t('search:panel.close')} onClick={onCloseSheet} />
      {form}
    </Dialog>
  );
}

/** The radius typed, as a number when it is one the search accepts (empty: the default). */
function radiusOf(text: string): { valid: boolean; value: number | null } {
  if (text === '') return { valid: true, value: null };
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  return radiusKm(value) === null ? { valid: true, value } : { valid: false, value: null };
}

/**
 * The filters' fields; `onApplied` after a submit (Enter, "Apply"). Also a plain GET form of the results
 * page, its fields named as the address's parameters and the bar's criteria kept by hidden fields: submitted
 * before the app is there (a page the server painted), the server paints the results (docs/painted-forms.md).
 */
function FiltersForm({
  criteria,
  view,
  onChange,
  onApplied,
}: Pick<SearchPanelProps, 'criteria' | 'view' | 'onChange'> & { onApplied: () => void }) {
  const { t } = useTranslation('search');
  const bodyId = useId();
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
  const filtered = filterCount(criteria) > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (radiusState.valid) {
      radius.accept();
      onChange({ ...criteria, radiusKm: radiusState.value });
    }
    onApplied();
  };

  return (
    <form
      ref={handOverPaintedForm}
      id={bodyId}
      method="get"
      action={SEARCH_FORM_TARGET.action}
      aria-label={t('search:panel.title')}
      className="search-panel__body"
      onSubmit={submit}
    >
      <HiddenCriteria criteria={criteria} view={view} fields={FILTER_FIELDS} />
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
          aria-disabled={filtered ? undefined : true}
          onClick={() => {
            if (!filtered) return;
            radius.setDraft('');
            // The filters only: what and where are the bar's, and stay.
            onChange({ ...EMPTY_CRITERIA, keyword: criteria.keyword, place: criteria.place, sort: criteria.sort });
          }}
        >
          {t('search:panel.reset')}
        </button>
      </div>
    </form>
  );
}
