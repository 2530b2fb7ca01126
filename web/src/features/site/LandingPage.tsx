import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AD_CATEGORIES } from '@partage/graphql';
import { PATHS } from '../../app/paths';
import { useSession } from '../../lib/auth/session';
import { usePageTitle } from '../../lib/i18n/use-page-title';

const SHARING_MODES = ['rent', 'sale', 'trade', 'donation'] as const;
const STEPS = ['account', 'publish', 'find', 'agree'] as const;

/** The landing page (spec §2): what the marketplace is, what is shared, how, and for whom. */
export function LandingPage() {
  // Category and mode names come from the ad vocabulary, as on every ad.
  const { t } = useTranslation(['site', 'adFields']);
  const signedIn = useSession() !== null;
  usePageTitle(t('landing.pageTitle'));
  return (
    <>
      <section className="hero">
        <div className="hero__content">
          <h1>{t('landing.hero.title')}</h1>
          <p className="hero__lead">{t('landing.hero.lead')}</p>
          {!signedIn && <JoinActions large />}
        </div>
      </section>
      <LandingSection title={t('landing.categories.title')} intro={t('landing.categories.intro')}>
        <ul className="card-grid">
          {AD_CATEGORIES.map((category) => (
            <li key={category} className="card">
              <h3>{t(`adFields:categories.${category}`)}</h3>
              <p>{t(`landing.categories.descriptions.${category}`)}</p>
            </li>
          ))}
        </ul>
      </LandingSection>
      <LandingSection title={t('landing.modes.title')} intro={t('landing.modes.intro')}>
        <ul className="card-grid card-grid--four">
          {SHARING_MODES.map((mode) => (
            <li key={mode} className="card card--accent">
              <h3>{t(`adFields:modes.${mode}`)}</h3>
              <p>{t(`landing.modes.descriptions.${mode}`)}</p>
            </li>
          ))}
        </ul>
      </LandingSection>
      <LandingSection title={t('landing.steps.title')}>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step} className="steps__item">
              <h3>{t(`landing.steps.${step}.title`)}</h3>
              <p>{t(`landing.steps.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </LandingSection>
      <LandingSection title={t('landing.audience.title')} intro={t('landing.audience.body')} />
      {!signedIn && (
        <LandingSection title={t('landing.cta.title')} intro={t('landing.cta.body')}>
          <JoinActions />
        </LandingSection>
      )}
    </>
  );
}

function LandingSection({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section className="landing-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {intro && <p className="landing-section__intro">{intro}</p>}
      {children}
    </section>
  );
}

/** Create an account first (what a new organisation needs), log in second. */
function JoinActions({ large = false }: { large?: boolean }) {
  const { t } = useTranslation('site');
  const size = large ? ' button--large' : '';
  return (
    <div className="join-actions">
      <Link to={PATHS.signUp} className={`button${size}`}>
        {t('landing.hero.signUp')}
      </Link>
      <Link to={PATHS.login} className={`button button--secondary${size}`}>
        {t('landing.hero.login')}
      </Link>
    </div>
  );
}
