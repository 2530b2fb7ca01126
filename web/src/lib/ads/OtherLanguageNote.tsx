import { useTranslation } from 'react-i18next';
import type { PickedText } from './localized-text';
import './ads.css';

/**
 * "Text in French only" beside a text shown in the other language (pickText), wherever an ad's text
 * appears: its page, its card, its row in the list. A reader of English otherwise meets French with
 * no word of why.
 */
export function OtherLanguageNote({ picked }: { picked: PickedText | null }) {
  const { t } = useTranslation('adFields');
  if (!picked?.otherLanguage) return null;
  return <p className="ad-other-language">{t(`adFields:otherLanguage.${picked.language}`)}</p>;
}
