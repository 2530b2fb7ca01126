import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { useSiteSettings } from '../../lib/site-settings';
import { Actions, PageHero, PageSection } from './marketing';

/** `/a-propos` (spec §2): the mission, the partner organisation of this deployment, who the site is for. */
export function AboutPage() {
  const { t } = useTranslation('site');
  usePageTitle(t('about.pageTitle'));
  // Known once config.json has come; until then (and in a prerendered page) the sentence names no one.
  const { partnerName, partnerUrl } = useSiteSettings();
  return (
    <>
      <PageHero title={t('about.title')} lead={t('about.lead')} />
      <PageSection title={t('about.mission.title')}>
        <p>{t('about.mission.body')}</p>
        <p>{t('about.mission.circular')}</p>
      </PageSection>
      <PageSection title={t('about.partner.title')}>
        <p>{partnerName ? t('about.partner.named', { name: partnerName }) : t('about.partner.unnamed')}</p>
        {partnerName && partnerUrl && (
          <p>
            <a href={partnerUrl}>{t('about.partner.link', { name: partnerName })}</a>
          </p>
        )}
      </PageSection>
      <PageSection title={t('about.audience.title')}>
        <p>{t('about.audience.body')}</p>
        <p>{t('about.audience.sectors')}</p>
      </PageSection>
      <PageSection title={t('about.contact.title')} intro={t('about.contact.body')} className="landing-section--closing">
        <Actions actions={[{ to: PATHS.contact, label: t('about.contact.link') }]} />
      </PageSection>
    </>
  );
}
