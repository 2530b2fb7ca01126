import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { CategoryCards } from './CategoryIllustration';
import { Actions, PageHero, PageSection, Steps } from './marketing';

const MODES = ['rent', 'sale', 'trade', 'donation'] as const;
const STEPS = ['account', 'phone', 'describe', 'schedule', 'publish', 'talk'] as const;
const PAYMENT = ['contract', 'onboarding', 'pay', 'payout', 'rating'] as const;

/** `/equipement-a-partager` (spec §2): how an owner shares equipment, from the account to the payout. */
export function SharePage() {
  const { t } = useTranslation(['site', 'adFields']);
  usePageTitle(t('share.pageTitle'));
  const publish = { to: PATHS.createAd, label: t('share.cta.publish') };
  return (
    <>
      <PageHero title={t('share.title')} lead={t('share.lead')}>
        <Actions large actions={[publish]} />
      </PageHero>
      <PageSection title={t('share.what.title')} intro={t('share.what.intro')}>
        <CategoryCards />
      </PageSection>
      <PageSection title={t('share.modes.title')} intro={t('share.modes.intro')}>
        <dl className="definitions">
          {MODES.map((mode) => (
            <div key={mode} className="definitions__item">
              <dt>{t(`adFields:modes.${mode}`)}</dt>
              <dd>{t(`share.modes.${mode}`)}</dd>
            </div>
          ))}
        </dl>
      </PageSection>
      <PageSection title={t('share.steps.title')}>
        <Steps items={STEPS.map((step) => ({ id: step, title: t(`share.steps.${step}.title`), body: t(`share.steps.${step}.body`) }))} />
      </PageSection>
      <PageSection title={t('share.payment.title')}>
        <ul className="prose-list">
          {PAYMENT.map((key) => (
            <li key={key}>{t(`share.payment.${key}`)}</li>
          ))}
        </ul>
      </PageSection>
      <PageSection title={t('share.cta.title')} intro={t('share.cta.body')} className="landing-section--closing">
        <Actions actions={[publish, { to: PATHS.faq, label: t('share.cta.faq') }]} />
      </PageSection>
    </>
  );
}
