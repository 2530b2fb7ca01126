import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES, type UiLanguage } from '@partage/graphql';
import { useSiteSettings } from '../lib/site-settings';
import { openCookiePreferences } from '../lib/telemetry/consent';
import { useNearViewport } from '../lib/ui/viewport';
import { LegalLinks } from './LegalLinks';
import { PATHS } from './paths';

/**
 * Partner, FAQ, contact e-mail, cookie preferences, the current terms and privacy PDFs (spec §1), and the
 * privacy page (the person in charge, the retention periods: Law 25). The settings-driven links come with
 * config.json, after the first render: they sit last in the page, so their arrival moves nothing above
 * them. A link whose setting is absent is not shown.
 */
export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const { partnerName, partnerUrl, contactEmail } = useSiteSettings();
  // The document in the reader's language first; the other one stays offered, named in its language.
  const language = UI_LANGUAGES.includes(i18n.language as UiLanguage) ? (i18n.language as UiLanguage) : UI_LANGUAGES[0];
  const otherLanguage = UI_LANGUAGES.find((l) => l !== language)!;
  const [footer, near] = useNearViewport<HTMLElement>();
  return (
    <footer ref={footer} className="site-footer">
      <p className="site-footer__tagline">{t('footer.tagline')}</p>
      <nav aria-label={t('footer.label')}>
        <ul className="site-footer__links">
          {partnerUrl && (
            <li>
              <a href={partnerUrl}>{partnerName ? t('footer.partnerNamed', { name: partnerName }) : t('footer.partner')}</a>
            </li>
          )}
          <li>
            <Link to={PATHS.faq}>{t('footer.faq')}</Link>
          </li>
          {contactEmail && (
            <li>
              <a href={`mailto:${contactEmail}`}>{t('footer.contact', { email: contactEmail })}</a>
            </li>
          )}
          <LegalLinks near={near} language={language} otherLanguage={otherLanguage} />
          <li>
            <Link to={PATHS.privacy}>{t('footer.privacyRights')}</Link>
          </li>
          <li>
            <button type="button" className="link-button" onClick={() => void openCookiePreferences()}>
              {t('footer.cookies')}
            </button>
          </li>
        </ul>
      </nav>
    </footer>
  );
}
