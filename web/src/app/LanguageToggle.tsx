import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '@partage/graphql';
import { storeLanguage } from '../lib/i18n/language';

/** Switches between French and English; the choice is remembered. Named in the language it switches to. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const other: UiLanguage = i18n.language === 'en' ? 'fr' : 'en';
  return (
    <button
      type="button"
      className="link-button"
      lang={other}
      onClick={() => {
        storeLanguage(other);
        void i18n.changeLanguage(other);
      }}
    >
      {t('language.other')}
    </button>
  );
}
