// The advanced search panel (spec §2 "Ad search"): boxes apply at once, the keyword and the radius
// after a pause in typing or on submit; each change is one entry of the browser's history (the page
// writes the criteria in the address). On a phone the panel folds behind a button.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AD_CATEGORIES,
  CERTIFICATIONS,
  OFFER_MODES,
  PRICE_RANGES,
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_RADIUS_KM,
  WEEKDAYS,
  radiusKm,
} from '@partage/graphql';
import { AddressAutocomplete } from '../../lib/address/AddressAutocomplete';
import { ChoiceFieldset } from '../../lib/forms/controls';
import { NearMeButton } from '../../lib/address/NearMeButton';
import { EMPTY_CRITERIA, hasFilters, type SearchCriteria } from './search-params';
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
  const { t } = useTranslation(['search', 'adFields']);
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

  const toggle = <Key extends 'categories' | 'modes' | 'priceRanges' | 'certifications' | 'weekdays'>(
    key: Key,
    value: SearchCriteria[Key][number],
    checked: boolean,
  ) => {
    const values = criteria[key] as string[];
    onChange({ ...criteria, [key]: checked ? [...values, value] : values.filter((v) => v !== value) });
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
        <Boxes
          legend={t('search:categories')}
          choices={AD_CATEGORIES.map((value) => ({ value, label: t(`adFields:categories.${value}`) }))}
          checked={criteria.categories}
          onToggle={(value, checked) => toggle('categories', value, checked)}
        />
        <Boxes
          legend={t('search:modes')}
          choices={OFFER_MODES.map((value) => ({ value, label: t(`adFields:modes.${value.toLowerCase()}`) }))}
          checked={criteria.modes}
          onToggle={(value, checked) => toggle('modes', value, checked)}
        />
        <Boxes
          legend={t('search:prices')}
          hint={t('search:pricesHint')}
          choices={PRICE_RANGES.map((value) => ({ value, label: t(`adFields:priceRanges.${value}`) }))}
          checked={criteria.priceRanges}
          onToggle={(value, checked) => toggle('priceRanges', value, checked)}
        />
        <fieldset className="choice-group">
          <legend>{t('search:availability.legend')}</legend>
          <Box label={t('search:availability.day')} checked={criteria.day} onChange={(day) => onChange({ ...criteria, day })} />
          <Box
            label={t('search:availability.evening')}
            checked={criteria.evening}
            onChange={(evening) => onChange({ ...criteria, evening })}
          />
          <Boxes
            legend={t('search:availability.weekdays')}
            choices={WEEKDAYS.map((value) => ({ value, label: t(`adFields:weekdays.${value}`) }))}
            checked={criteria.weekdays}
            onToggle={(value, checked) => toggle('weekdays', value, checked)}
          />
        </fieldset>
        <Boxes
          legend={t('search:certifications')}
          hint={t('search:certificationsHint')}
          choices={CERTIFICATIONS.map((value) => ({ value, label: t(`adFields:certifications.${value}`) }))}
          checked={criteria.certifications}
          onToggle={(value, checked) => toggle('certifications', value, checked)}
        />
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

interface BoxesProps<Value extends string> {
  legend: string;
  hint?: string;
  choices: { value: Value; label: string }[];
  checked: readonly Value[];
  onToggle: (value: Value, checked: boolean) => void;
}

/** Alternatives under a legend, any number checked. */
function Boxes<Value extends string>({ legend, hint, choices, checked, onToggle }: BoxesProps<Value>) {
  return (
    <ChoiceFieldset legend={legend} hint={hint}>
      {choices.map((choice) => (
        <Box
          key={choice.value}
          label={choice.label}
          checked={checked.includes(choice.value)}
          onChange={(on) => onToggle(choice.value, on)}
        />
      ))}
    </ChoiceFieldset>
  );
}

function Box({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="field--checkbox choice-group__item">
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
