import { Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { useSession } from '../../lib/auth/session';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { CategoryCards } from './CategoryIllustration';
import { FirstVisitInvitation } from './first-visit/FirstVisitInvitation';
import { Actions, PageHero, PageSection, Steps } from './marketing';
import { RecentAds } from './RecentAds';

const SHARING_MODES = ['rent', 'sale', 'trade', 'donation'] as const;
const STEPS = ['account', 'publish', 'find', 'agree'] as const;

/** The landing page (spec §2): what the marketplace is, what is shared, how, the latest ads, and for whom. */
export function LandingPage() {
  // Category and mode names come from the ad vocabulary, as on every ad.
  const { t } = useTranslation(['site', 'adFields']);
  const session = useSession();
  const signedIn = session !== null;
  usePageTitle(t('landing.pageTitle'));
  return (
    <>
      <PageHero title={t('landing.hero.title')} lead={t('landing.hero.lead')}>
        {/*
          Publishing asks visitors to log in first: the route's guard takes them there and back.
          Administrators prepare ads from the manage page instead (their create route is the users').
        */}
        <Actions
          large
          actions={[
            { to: PATHS.adList, label: t('landing.hero.search') },
            ...(session?.role === 'ADMIN' ? [] : [{ to: PATHS.createAd, label: t('landing.hero.publish') }]),
          ]}
        />
      </PageHero>
      {/* Its words load on their own: the page shows meanwhile, and the invitation under the hero after. */}
      {!signedIn && (
        <Suspense fallback={null}>
          <FirstVisitInvitation />
        </Suspense>
      )}
      <PageSection title={t('landing.categories.title')} intro={t('landing.categories.intro')}>
        <CategoryCards />
      </PageSection>
      <PageSection title={t('landing.modes.title')} intro={t('landing.modes.intro')}>
        <ul className="card-grid card-grid--four">
          {SHARING_MODES.map((mode) => (
            <li key={mode} className="card card--accent">
              <h3>{t(`adFields:modes.${mode}`)}</h3>
              <p>{t(`landing.modes.descriptions.${mode}`)}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection title={t('landing.steps.title')}>
        <Steps
          items={STEPS.map((step) => ({ id: step, title: t(`landing.steps.${step}.title`), body: t(`landing.steps.${step}.body`) }))}
        />
        <ul className="page-links">
          <li>
            <Link to={PATHS.shareEquipment}>{t('landing.steps.learnShare')}</Link>
          </li>
          <li>
            <Link to={PATHS.findEquipment}>{t('landing.steps.learnFind')}</Link>
          </li>
        </ul>
      </PageSection>
      <PageSection title={t('landing.recent.title')} intro={t('landing.recent.intro')}>
        <RecentAds />
      </PageSection>
      <PageSection title={t('landing.audience.title')} intro={t('landing.audience.body')} />
      {!signedIn && (
        <PageSection title={t('landing.cta.title')} intro={t('landing.cta.body')}>
          <Actions
            actions={[
              { to: PATHS.signUp, label: t('landing.hero.signUp') },
              { to: PATHS.login, label: t('landing.hero.login') },
            ]}
          />
        </PageSection>
      )}
    </>
  );
}
