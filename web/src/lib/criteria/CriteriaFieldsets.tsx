// The criteria boxes of the search panel and of the alert form (spec §2 "Ad search", §3 Alert): one
// fieldset per criterion, so both screens ask the same questions in the same words. Each box is named
// and valued as the search's address writes it, so that the search form also works as a plain GET form.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_CATEGORIES, CERTIFICATIONS, OFFER_MODES, PRICE_RANGES, WEEKDAYS } from '@partage/graphql';
import { ChoiceFieldset } from '../forms/controls';
import { SEARCH_PARAM, type SearchCriteria } from '../search/search-params';

/** What the boxes set: every criterion but the keyword, the place, the radius and the sort. */
export type BoxCriteria = Pick<SearchCriteria, 'categories' | 'modes' | 'priceRanges' | 'certifications' | 'day' | 'evening' | 'weekdays'>;
type ListKey = 'categories' | 'modes' | 'priceRanges' | 'certifications' | 'weekdays';

/** Each list criterion: its legend, its hint and the translation key of each value's label (with the value as `range` for a price bucket). */
const LISTS: Record<ListKey, { legend: string; hint?: string; labels: { values: readonly string[]; key: (value: string) => string } }> = {
  categories: { legend: 'criteria:categories', labels: { values: AD_CATEGORIES, key: (value) => `adFields:categories.${value}` } },
  modes: { legend: 'criteria:modes', labels: { values: OFFER_MODES, key: (value) => `adFields:modes.${value.toLowerCase()}` } },
  priceRanges: {
    legend: 'criteria:prices',
    hint: 'criteria:pricesHint',
    labels: { values: PRICE_RANGES, key: () => 'adFields:priceRange' },
  },
  weekdays: { legend: 'criteria:availability.weekdays', labels: { values: WEEKDAYS, key: (value) => `adFields:weekdays.${value}` } },
  certifications: {
    legend: 'criteria:certifications',
    hint: 'criteria:certificationsHint',
    labels: { values: CERTIFICATIONS, key: (value) => `adFields:certifications.${value}` },
  },
};

interface CriteriaFieldsetsProps {
  criteria: BoxCriteria;
  /** Called with the criteria that changed only. */
  onChange: (change: Partial<BoxCriteria>) => void;
}

export function CriteriaFieldsets({ criteria, onChange }: CriteriaFieldsetsProps) {
  const { t } = useTranslation(['criteria', 'adFields']);
  const toggle = <Key extends ListKey>(key: Key, value: BoxCriteria[Key][number], checked: boolean) => {
    const values = criteria[key] as string[];
    onChange({ [key]: checked ? [...values, value] : values.filter((v) => v !== value) });
  };
  const lists = (keys: ListKey[]) =>
    keys.map((key) => {
      const { legend, hint, labels } = LISTS[key];
      return (
        <Boxes
          key={key}
          legend={t(legend)}
          hint={hint && t(hint)}
          name={SEARCH_PARAM[key]}
          choices={labels.values.map((value) => ({ value, label: t(labels.key(value), { range: value }) }))}
          checked={criteria[key]}
          onToggle={(value, checked) => toggle(key, value as BoxCriteria[typeof key][number], checked)}
        />
      );
    });
  return (
    <>
      {lists(['categories', 'modes', 'priceRanges'])}
      <fieldset className="choice-group">
        <legend>{t('criteria:availability.legend')}</legend>
        <Box
          name={SEARCH_PARAM.day}
          value="1"
          label={t('criteria:availability.day')}
          checked={criteria.day}
          onChange={(day) => onChange({ day })}
        />
        <Box
          name={SEARCH_PARAM.evening}
          value="1"
          label={t('criteria:availability.evening')}
          checked={criteria.evening}
          onChange={(evening) => onChange({ evening })}
        />
        {lists(['weekdays'])}
      </fieldset>
      {lists(['certifications'])}
    </>
  );
}

interface BoxesProps<Value extends string> {
  legend: string;
  hint?: string;
  name: string;
  choices: { value: Value; label: string }[];
  checked: readonly Value[];
  onToggle: (value: Value, checked: boolean) => void;
}

/** Alternatives under a legend, any number checked. */
function Boxes<Value extends string>({ legend, hint, name, choices, checked, onToggle }: BoxesProps<Value>) {
  return (
    <ChoiceFieldset legend={legend} hint={hint}>
      {choices.map((choice) => (
        <Box
          key={choice.value}
          name={name}
          value={choice.value}
          label={choice.label}
          checked={checked.includes(choice.value)}
          onChange={(on) => onToggle(choice.value, on)}
        />
      ))}
    </ChoiceFieldset>
  );
}

interface BoxProps {
  name: string;
  value: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

function Box({ name, value, label, checked, onChange }: BoxProps) {
  const id = useId();
  return (
    <div className="field--checkbox choice-group__item">
      <input id={id} type="checkbox" name={name} value={value} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
