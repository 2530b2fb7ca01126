import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { PublicProfile } from '@partage/graphql';
import { PATHS } from '../../../app/paths';
import { ApiError, errorMessageKey } from '../../../lib/api/errors';
import { graphqlRequest } from '../../../lib/api/graphql';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { LoadFailure } from '../profile/LoadFailure';
import { displayPhone } from '../profile/profile-values';
import { PUBLIC_PROFILE } from './operations';
import './public-profile.css';

type ProfileLoad =
  { status: 'loading' } | { status: 'notFound' } | { status: 'failed'; failure: string } | { status: 'ready'; profile: PublicProfile };

const LOADING: ProfileLoad = { status: 'loading' };

/** The profile of `id`; `retry` asks again. Answers for an earlier id or attempt are never shown. */
function usePublicProfile(id: string): [ProfileLoad, () => void] {
  const [attempt, setAttempt] = useState(0);
  const request = `${attempt}:${id}`;
  const [answer, setAnswer] = useState<{ request: string; load: ProfileLoad } | null>(null);
  useEffect(() => {
    let current = true;
    const settle = (load: ProfileLoad) => current && setAnswer({ request, load });
    graphqlRequest<{ publicProfile: PublicProfile | null }>(PUBLIC_PROFILE, { id }).then(
      ({ publicProfile }) => settle(publicProfile ? { status: 'ready', profile: publicProfile } : { status: 'notFound' }),
      (error: unknown) =>
        settle(
          error instanceof ApiError && error.code === 'NOT_FOUND'
            ? { status: 'notFound' }
            : { status: 'failed', failure: errorMessageKey(error) },
        ),
    );
    return () => {
      current = false;
    };
  }, [id, request]);
  return [answer?.request === request ? answer.load : LOADING, useCallback(() => setAttempt((n) => n + 1), [])];
}

/** `/profil/{id}` (spec §2): what any user may see of another, contact details only when allowed. */
export function PublicProfilePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('publicProfile');
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
  const { t, i18n } = useTranslation(['publicProfile', 'profile']);
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
      {/* Reviews, ads and alerts come with the ratings, ads and alerts capabilities, each a
          ProfileSection shown only when it has something to show: no empty headings meanwhile. */}
    </div>
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

/** A titled part of the profile. */
function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>{title}</h2>
      {children}
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
