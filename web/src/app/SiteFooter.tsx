import { useTranslation } from 'react-i18next';
import { openCookiePreferences } from '../lib/telemetry/consent';
import { useLegalDocumentUrls } from '../lib/legal/legal-documents';
import { SITE_LINKS } from './site-links';

/** Partner, FAQ, contact e-mail, cookie preferences, and the current terms and privacy PDFs in the UI language. */
export function SiteFooter() {
  const { t, i18n } = useTranslation();
  const { partnerUrl, faqUrl, contactEmail } = SITE_LINKS;
  const legal = useLegalDocumentUrls(i18n.language);
  return (
    <footer className="site-footer">
      <p className="site-footer__tagline">{t('footer.tagline')}</p>
      <nav aria-label={t('footer.label')}>
        <ul className="site-footer__links">
          {partnerUrl && (
            <li>
              <a href={partnerUrl}>{t('footer.partner')}</a>
            </li>
          )}
          {faqUrl && (
            <li>
              <a href={faqUrl}>{t('footer.faq')}</a>
            </li>
          )}
          {contactEmail && (
            <li>
              <a href={`mailto:${contactEmail}`}>{t('footer.contact', { email: contactEmail })}</a>
            </li>
          )}
          <li>
            <a href={legal.terms} type="application/pdf">
              {t('footer.terms')}
            </a>
          </li>
          <li>
            <a href={legal.privacy} type="application/pdf">
              {t('footer.privacy')}
            </a>
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
