import { useTranslation } from 'react-i18next';
import type { ContentLanguage } from '@partage/graphql';
import { RadioGroup } from './ChoiceGroup';
import type { ControlBinding } from './use-fields-form';

// Each language named in itself, so that a reader of either finds theirs.
const LANGUAGE_CHOICES: ReadonlyArray<{ value: ContentLanguage; lang: string }> = [
  { value: 'FRENCH', lang: 'fr' },
  { value: 'ENGLISH', lang: 'en' },
];

/** The language a person's e-mails are written in: one of the two, always chosen. */
export function LanguageField({ legend, field }: { legend: string; field: ControlBinding<ContentLanguage> }) {
  const { t } = useTranslation('profile');
  return (
    <RadioGroup
      legend={legend}
      field={field}
      options={LANGUAGE_CHOICES.map((choice) => ({ ...choice, label: t(`languages.${choice.value}`) }))}
    />
  );
}
