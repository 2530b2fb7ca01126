import { useTranslation } from 'react-i18next';
import type { UiLanguage } from '@partage/graphql';
import { useSession } from '../lib/auth/session';
import { storeLanguage } from '../lib/i18n/language';

/**
 * Switches between French and English; the choice is remembered, and becomes a signed-in user's
 * e-mail language. Named in the language it switches to.
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const other: UiLanguage = i18n.language === 'en' ? 'fr' : 'en';
  return (
    <button
      type="button"
      className="link-button"
      lang={other}
      onClick={() => {
        storeLanguage(other);
        void i18n.changeLanguage(other);
        if (session)
          void import('../features/accounts/session-user/email-language').then(({ saveEmailLanguage }) =>
            saveEmailLanguage(session.userId, other),
          );
      }}
    >
      {t('language.other')}
    </button>
  );
}
