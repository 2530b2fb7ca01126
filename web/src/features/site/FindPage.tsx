import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { Actions, PageHero, PageSection, Steps } from './marketing';

const SEARCH = ['map', 'place', 'filters'] as const;
const DEAL = ['contact', 'contract', 'rate'] as const;

/** `/recherche-d-equipement` (spec §2): how to search, get alerts, reach an owner and rent. */
export function FindPage() {
  const { t } = useTranslation('site');
  usePageTitle(t('find.pageTitle'));
  const actions = [
    { to: PATHS.adList, label: t('find.cta.search') },
    { to: PATHS.createAlert, label: t('find.cta.alert') },
  ];
  return (
    <>
      <PageHero title={t('find.title')} lead={t('find.lead')}>
        <Actions large actions={actions} />
      </PageHero>
      <PageSection title={t('find.search.title')}>
        <Steps items={SEARCH.map((id) => ({ id, title: t(`find.search.${id}.title`), body: t(`find.search.${id}.body`) }))} />
      </PageSection>
      <PageSection title={t('find.alerts.title')} intro={t('find.alerts.body')}>
        <p>{t('find.alerts.confirm')}</p>
      </PageSection>
      <PageSection title={t('find.deal.title')}>
        <Steps items={DEAL.map((id) => ({ id, title: t(`find.deal.${id}.title`), body: t(`find.deal.${id}.body`) }))} />
      </PageSection>
      <PageSection title={t('find.cta.title')} intro={t('find.cta.body')} className="landing-section--closing">
        <Actions actions={actions} />
      </PageSection>
    </>
  );
}
