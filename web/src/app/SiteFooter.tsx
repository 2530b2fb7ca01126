import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CookieNotice } from './CookieNotice';
import { SITE_LINKS } from './site-links';

/** Partner, FAQ, contact e-mail and cookie preferences. The terms and privacy PDFs come when they exist. */
export function SiteFooter() {
  const { t } = useTranslation();
  const [cookiesOpen, setCookiesOpen] = useState(false);
  const { partnerUrl, faqUrl, contactEmail } = SITE_LINKS;
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
            <button type="button" className="link-button" onClick={() => setCookiesOpen(true)}>
              {t('footer.cookies')}
            </button>
          </li>
        </ul>
      </nav>
      <CookieNotice open={cookiesOpen} onClose={() => setCookiesOpen(false)} />
    </footer>
  );
}
