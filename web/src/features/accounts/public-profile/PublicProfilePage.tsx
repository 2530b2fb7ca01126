import { useId, useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/auth/session';
import { ReportButton } from '../../../lib/reports/ReportButton';
import { PATHS } from '../../../app/paths';
import { AdCardList } from '../../../lib/ads/AdCardList';
import { AD_CARD_NAMESPACES, cardOfAd } from '../../../lib/ads/card-view';
import { useAdPages } from '../../../lib/ads/use-ad-pages';
import { ApiError, errorMessageKey } from '../../../lib/api/errors';
import type { ResultOf } from '../../../lib/api/documents';
import { useApiQuery } from '../../../lib/api/queries';
import { criteriaInWords } from '../../../lib/criteria/criteria-words';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { LoadFailure } from '../../../lib/profile-form/LoadFailure';
import { displayPhone } from '../../../lib/profile-form/profile-values';
import { PUBLIC_PROFILE, USER_ADS } from './operations';
import { ProfileReviews } from './ProfileReviews';
import './public-profile.css';

type PublicProfile = NonNullable<ResultOf<typeof PUBLIC_PROFILE>['publicProfile']>;
type ProfileLoad =
  { status: 'loading' } | { status: 'notFound' } | { status: 'failed'; failure: string } | { status: 'ready'; profile: PublicProfile };

/** The profile of `id`; `retry` asks again. Answers for an earlier id are never shown (the query's key is the id). */
function usePublicProfile(id: string): [ProfileLoad, () => void] {
  const query = useApiQuery(PUBLIC_PROFILE, { id });
  const notFound = query.error instanceof ApiError && query.error.code === 'NOT_FOUND';
  // Computed once per failure: an unexpected one is logged.
  const failure = useMemo(() => (query.error && !notFound ? errorMessageKey(query.error) : null), [query.error, notFound]);
  const retry = () => void query.refetch();
  if (failure) return [{ status: 'failed', failure }, retry];
  if (notFound || query.data?.publicProfile === null) return [{ status: 'notFound' }, retry];
  return [query.data?.publicProfile ? { status: 'ready', profile: query.data.publicProfile } : { status: 'loading' }, retry];
}

/** `/profil/{id}` (spec §2): what any user may see of another, contact details only when allowed. */
export function PublicProfilePage() {
  const { id = '' } = useParams();
  // Every namespace its parts use, loaded with the page: a part asking for one once the profile has come
  // would suspend the page again and blank it (lib/ads/card-view.ts).
  const { t } = useTranslation(['publicProfile', 'profile', 'criteria', 'reports', ...AD_CARD_NAMESPACES]);
  const [load, retry] = usePublicProfile(id);

  if (load.status === 'ready') return <ProfileDetails profile={load.profile} />;
  if (load.status === 'notFound') return <ProfileNotFound />;
  return (
    <div className="page page--narrow">
      <PageHeading title={t('failed.title')} />
      {load.status === 'loading' ? (
        <p role="status" className="page-loading">
          {t('loading')}
        </p>
      ) : (
        <LoadFailure failure={load.failure} onRetry={retry} />
      )}
    </div>
  );
}

function PageHeading({ title }: { title: string }) {
  usePageTitle(title);
  return <h1>{title}</h1>;
}

function ProfileDetails({ profile }: { profile: PublicProfile }) {
  const { t, i18n } = useTranslation(['publicProfile', 'profile', 'reports']);
  const session = useSession();
  const withOther = (choice: string, specification: string | null | undefined) =>
    specification ? t('otherSpecified', { choice, specification }) : choice;
  const registeredSince = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'long' }).format(new Date(profile.registeredSince));
  const { email, phoneNumber } = profile;

  return (
    <div className="page page--narrow">
      <PageHeading title={profile.publicName} />
      <dl className="profile-facts">
        {/* A user's public name is usually their organisation's: no need to say it twice. */}
        {profile.organizationName && profile.organizationName !== profile.publicName && (
          <Fact label={t('organization')}>{profile.organizationName}</Fact>
        )}
        {profile.organizationType && (
          <Fact label={t('organizationType')}>
            {withOther(t(`profile:organizationTypes.${profile.organizationType}`), profile.organizationTypeOtherSpecification)}
          </Fact>
        )}
        {profile.industry && (
          <Fact label={t('industry')}>{withOther(t(`profile:industries.${profile.industry}`), profile.industryOtherSpecification)}</Fact>
        )}
        <Fact label={t('registeredSince')}>
          <time dateTime={profile.registeredSince}>{registeredSince}</time>
        </Fact>
        <Fact label={t('transactionsCount')}>{profile.transactionsCount}</Fact>
      </dl>
      {(email || phoneNumber) && (
        <ProfileSection title={t('contact.title')}>
          <dl className="profile-facts">
            {email && (
              <Fact label={t('contact.email')}>
                <a href={`mailto:${email}`}>{email}</a>
              </Fact>
            )}
            {phoneNumber && (
              <Fact label={t('contact.phone')}>
                <a href={`tel:${phoneNumber}`}>{displayPhone(phoneNumber)}</a>
              </Fact>
            )}
          </dl>
        </ProfileSection>
      )}
      {/* No empty section: the reviews appear with the first published rating. */}
      {profile.ratings.count > 0 && (
        <ProfileSection title={t('reviews.title')}>{(titleId) => <ProfileReviews profile={profile} titleId={titleId} />}</ProfileSection>
      )}
      <ProfileAds userId={profile.id} />
      <ProfileAlerts alerts={profile.alerts} />
      {/* The page is for users only; one's own profile is not reported. */}
      {session?.userId !== profile.id && (
        <div className="form-actions">
          <ReportButton kind="PROFILE" itemId={profile.id} label={t('reports:profile')} />
        </div>
      )}
    </div>
  );
}

/** The user's published ads; no section while they have none. */
function ProfileAds({ userId }: { userId: string }) {
  const { t } = useTranslation('ads');
  const pages = useAdPages(USER_ADS, { userId }, (answer) => answer.userAds);
  if (!pages.items?.length && !pages.failed) return null;
  return (
    <ProfileSection title={t('profileAds.title')}>
      <AdCardList pages={pages} card={cardOfAd} headingLevel={3} empty={null} />
    </ProfileSection>
  );
}

/** What the user's active alerts look for (never where: spec §3, docs/alerts.md); no section without any. */
function ProfileAlerts({ alerts }: { alerts: PublicProfile['alerts'] | undefined }) {
  const { t } = useTranslation(['publicProfile', 'criteria', 'adFields']);
  if (!alerts?.count) return null;
  return (
    <ProfileSection title={t('publicProfile:alerts.title')}>
      <p>{t('publicProfile:alerts.count', { count: alerts.count })}</p>
      <ul className="profile-alerts">
        {alerts.items.map((alert, index) => (
          // Alerts are shown without their ids: their position is their only name.
          <li key={index}>{criteriaInWords(t, alert).join(' · ')}</li>
        ))}
      </ul>
    </ProfileSection>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A titled part of the profile; its content may name itself by the title's id. */
function ProfileSection({ title, children }: { title: string; children: ReactNode | ((titleId: string) => ReactNode) }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>{title}</h2>
      {typeof children === 'function' ? children(titleId) : children}
    </section>
  );
}

function ProfileNotFound() {
  const { t } = useTranslation('publicProfile');
  return (
    <div className="page page--narrow">
      <PageHeading title={t('notFound.title')} />
      <p>{t('notFound.body')}</p>
      <Link to={PATHS.adList} className="button">
        {t('notFound.back')}
      </Link>
    </div>
  );
}
