// The criteria boxes of the search panel and of the alert form (spec §2 "Ad search", §3 Alert): one
// fieldset per criterion, so both screens ask the same questions in the same words.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AD_CATEGORIES, CERTIFICATIONS, OFFER_MODES, PRICE_RANGES, WEEKDAYS } from '@partage/graphql';
import { ChoiceFieldset } from '../forms/controls';
import type { SearchCriteria } from '../search/search-params';

/** What the boxes set: every criterion but the keyword, the place, the radius and the sort. */
export type BoxCriteria = Pick<SearchCriteria, 'categories' | 'modes' | 'priceRanges' | 'certifications' | 'day' | 'evening' | 'weekdays'>;
type ListKey = 'categories' | 'modes' | 'priceRanges' | 'certifications' | 'weekdays';

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
  return (
    <>
      <Boxes
        legend={t('criteria:categories')}
        choices={AD_CATEGORIES.map((value) => ({ value, label: t(`adFields:categories.${value}`) }))}
        checked={criteria.categories}
        onToggle={(value, checked) => toggle('categories', value, checked)}
      />
      <Boxes
        legend={t('criteria:modes')}
        choices={OFFER_MODES.map((value) => ({ value, label: t(`adFields:modes.${value.toLowerCase()}`) }))}
        checked={criteria.modes}
        onToggle={(value, checked) => toggle('modes', value, checked)}
      />
      <Boxes
        legend={t('criteria:prices')}
        hint={t('criteria:pricesHint')}
        choices={PRICE_RANGES.map((value) => ({ value, label: t(`adFields:priceRanges.${value}`) }))}
        checked={criteria.priceRanges}
        onToggle={(value, checked) => toggle('priceRanges', value, checked)}
      />
      <fieldset className="choice-group">
        <legend>{t('criteria:availability.legend')}</legend>
        <Box label={t('criteria:availability.day')} checked={criteria.day} onChange={(day) => onChange({ day })} />
        <Box label={t('criteria:availability.evening')} checked={criteria.evening} onChange={(evening) => onChange({ evening })} />
        <Boxes
          legend={t('criteria:availability.weekdays')}
          choices={WEEKDAYS.map((value) => ({ value, label: t(`adFields:weekdays.${value}`) }))}
          checked={criteria.weekdays}
          onToggle={(value, checked) => toggle('weekdays', value, checked)}
        />
      </fieldset>
      <Boxes
        legend={t('criteria:certifications')}
        hint={t('criteria:certificationsHint')}
        choices={CERTIFICATIONS.map((value) => ({ value, label: t(`adFields:certifications.${value}`) }))}
        checked={criteria.certifications}
        onToggle={(value, checked) => toggle('certifications', value, checked)}
      />
    </>
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
