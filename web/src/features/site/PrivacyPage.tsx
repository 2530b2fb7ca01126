import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DATA_EXPORT_HOURS, REFRESH_TOKEN_TTL_SECONDS, TAX_RECORD_RETENTION_YEARS } from '@partage/graphql';
import { PATHS } from '../../app/paths';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { useLegalDocumentUrls } from '../../lib/legal/legal-documents';
import { useSiteSettings } from '../../lib/site-settings';
import './privacy-page.css';

/** What the platform keeps, and how long (docs/privacy.md); each line's text names its period. */
const RETENTION = [
  'account',
  'ads',
  'alerts',
  'conversations',
  'contracts',
  'ratings',
  'exports',
  'sessions',
  'contact',
  'requests',
] as const;

const CAI_URL = 'https://www.cai.gouv.qc.ca/';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * `/confidentialite`: who is in charge of personal information and how to reach them (the deployment's
 * `privacyOfficer` and `contactEmail`), the rights and where to use them, and how long each kind of data
 * is kept (Law 25). The full policy is the PDF of the current terms version.
 */
export function PrivacyPage() {
  const { t, i18n } = useTranslation('site');
  usePageTitle(t('privacyPage.title'));
  const { privacyOfficer, contactEmail } = useSiteSettings();
  const policyUrl = useLegalDocumentUrls(i18n.language).privacy;
  const periods = {
    years: TAX_RECORD_RETENTION_YEARS,
    hours: DATA_EXPORT_HOURS,
    sessionDays: REFRESH_TOKEN_TTL_SECONDS / 86_400,
  };
  return (
    <div className="page page--narrow">
      <h1>{t('privacyPage.title')}</h1>
      <p>{t('privacyPage.lead')}</p>

      <Section title={t('privacyPage.officer.title')}>
        <p>{privacyOfficer ? t('privacyPage.officer.named', { officer: privacyOfficer }) : t('privacyPage.officer.byDefault')}</p>
        <p>
          {contactEmail ? (
            <>
              {t('privacyPage.officer.write')} <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
            </>
          ) : (
            t('privacyPage.officer.noAddress')
          )}{' '}
          <Link to={PATHS.contact}>{t('privacyPage.officer.form')}</Link>
        </p>
      </Section>

      <Section title={t('privacyPage.rights.title')}>
        <ul>
          <li>
            {t('privacyPage.rights.access', { hours: DATA_EXPORT_HOURS })}{' '}
            <Link to={PATHS.settings}>{t('privacyPage.rights.settings')}</Link>
          </li>
          <li>
            {t('privacyPage.rights.rectify')} <Link to={PATHS.editProfile}>{t('privacyPage.rights.profile')}</Link>
          </li>
          <li>
            {t('privacyPage.rights.delete')} <Link to={PATHS.settings}>{t('privacyPage.rights.settings')}</Link>
          </li>
          <li>{t('privacyPage.rights.consent')}</li>
          <li>{t('privacyPage.rights.byRequest')}</li>
          <li>
            {t('privacyPage.rights.complaint')} <a href={CAI_URL}>{t('privacyPage.rights.cai')}</a>
          </li>
        </ul>
      </Section>

      <Section title={t('privacyPage.retention.title')}>
        <dl className="privacy-retention">
          {RETENTION.map((kind) => (
            <div key={kind}>
              <dt>{t(`privacyPage.retention.${kind}.what`)}</dt>
              <dd>{t(`privacyPage.retention.${kind}.how`, periods)}</dd>
            </div>
          ))}
        </dl>
        <p>{t('privacyPage.retention.deletion', periods)}</p>
      </Section>

      <p>
        <a href={policyUrl} type="application/pdf">
          {t('privacyPage.policy')}
        </a>
      </p>
    </div>
  );
}
