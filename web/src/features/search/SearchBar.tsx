// The search bar of /annonces (issue 36 §1): what and where, always at the top, on a phone as on a laptop;
// the filters are elsewhere (SearchPanel). The keyword is searched after a pause in typing or on submit, a
// place once a suggestion is picked. Also a plain GET form of the results page (docs/painted-forms.md): sent
// before the app is there, the server paints the results, the search's other criteria kept by hidden fields.
import { useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UI_LANGUAGE, SEARCH_KEYWORD_MAX_LENGTH } from '@partage/graphql';
import { AddressAutocomplete } from '../../lib/address/AddressAutocomplete';
import { NearMeButton } from '../../lib/address/NearMeButton';
import { handOverPaintedForm } from '../../lib/painted-forms/hand-over';
import { SEARCH_FORM_TARGET, SEARCH_PARAM, searchParamsOf, type SearchCriteria, type SearchView } from '../../lib/search/search-params';
import { useDraft } from './use-draft';

/** Typing pauses this long before the keyword or the radius is searched. */
export const TYPING_DELAY_MS = 600;

interface SearchBarProps {
  criteria: SearchCriteria;
  view: SearchView;
  onChange: (next: SearchCriteria) => void;
  keywordField: RefObject<HTMLInputElement | null>;
}

export function SearchBar({ criteria, view, onChange, keywordField }: SearchBarProps) {
  const { t } = useTranslation('search');
  const keyword = useDraft(
    criteria.keyword,
    (text) => {
      onChange({ ...criteria, keyword: text });
      return true;
    },
    TYPING_DELAY_MS,
  );
  const placeLabel = criteria.place ? criteria.place.label || t('search:place.mapCentre') : '';
  const [address, setAddress] = useState({ text: placeLabel, shown: placeLabel });
  if (address.shown !== placeLabel) setAddress({ text: placeLabel, shown: placeLabel });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    keyword.accept();
    onChange({ ...criteria, keyword: keyword.draft.trim() });
  };

  return (
    <form
      ref={handOverPaintedForm}
      role="search"
      method="get"
      action={SEARCH_FORM_TARGET.action}
      aria-label={t('search:bar.label')}
      className="search-bar"
      onSubmit={submit}
    >
      <HiddenCriteria criteria={criteria} view={view} fields={[SEARCH_PARAM.keyword, SEARCH_PARAM.placeLabel]} />
      <div className="field search-bar__keyword">
        <label htmlFor="search-keyword">{t('search:keyword.label')}</label>
        <input
          ref={keywordField}
          id="search-keyword"
          name={SEARCH_PARAM.keyword}
          type="search"
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          value={keyword.draft}
          onChange={(event) => keyword.setDraft(event.target.value)}
        />
      </div>
      <div className="search-bar__place">
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
      </div>
      <button type="submit" className="button search-bar__submit">
        {t('search:bar.submit')}
      </button>
    </form>
  );
}

/**
 * The search's criteria that a form has no field for, and the page's language when not the default, as
 * hidden fields: a GET form sent before the app is there replaces the whole query, and must not drop them.
 */
export function HiddenCriteria({ criteria, view, fields }: { criteria: SearchCriteria; view: SearchView; fields: readonly string[] }) {
  const { i18n } = useTranslation();
  const kept = [...searchParamsOf(criteria, view)].filter(([name]) => !fields.includes(name));
  if (i18n.language !== DEFAULT_UI_LANGUAGE) kept.unshift(['lang', i18n.language]);
  return kept.map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
