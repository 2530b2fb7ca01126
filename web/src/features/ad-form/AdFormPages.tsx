// The three screens of the ad form (spec §2): create (USER), edit (owner or ADMIN), prepare (ADMIN).
import type { AdInput } from '@partage/graphql';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { NotFoundPage } from '../../app/NotFoundPage';
import { unpublishedAdPath } from '../../app/paths';
import { adDetailPath } from '../../lib/ads/ad-path';
import { useApiMutation, useApiQuery } from '../../lib/api/queries';
import { queryClient } from '../../lib/api/query-client';
import { useSession } from '../../lib/auth/session';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notify } from '../../lib/notifications/store';
import { LoadFailure } from '../../lib/profile-form/LoadFailure';
import { AdForm, type ContactChoices } from './AdForm';
import { adValuesOf, emptyAdValues } from './ad-values';
import { AD_FORM_PROFILE, AD_TO_EDIT, CREATE_AD, UPDATE_AD } from './operations';

function Loading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="page-loading">
      {t('loading')}
    </p>
  );
}

function Page({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  usePageTitle(title);
  return (
    <div className="page page--narrow ad-form-page">
      <h1>{title}</h1>
      {intro && <p>{intro}</p>}
      {children}
    </div>
  );
}

/** The signed-in user's organisation and contact choices, which a new ad starts from. */
function useOwnProfile() {
  const me = useApiQuery(AD_FORM_PROFILE, {});
  const profile = me.data?.me?.profile;
  const contact: ContactChoices | null = profile
    ? { showPhoneNumber: profile.showPhoneNumber, showEmail: profile.showEmail, phoneVerified: profile.phoneVerified }
    : null;
  return { me, profile, contact };
}

/**
 * A saved ad shows on its detail page, in the lists, on the manage page and on its owner's profile,
 * screens of another feature whose answers may be cached (for 30 s): the answers no screen shows now
 * are dropped, so the next screen asks for the ad as saved rather than showing it as it was.
 */
const forgetCachedAds = () => queryClient.removeQueries({ type: 'inactive' });

/**
 * A create or prepare: saved, then the manage page shows the new ad where it is, unpublished, with its
 * "Publish" button (its "Published" tab, where it had landed, was empty for a first ad). Every submit of
 * this page shares one key: a retry after a lost answer gets the ad the first call made, not a second.
 */
function useCreate() {
  const navigate = useNavigate();
  const createAd = useApiMutation(CREATE_AD);
  const [requestKey] = useState(() => crypto.randomUUID());
  return async (input: AdInput) => {
    const { createAd: created } = await createAd.mutateAsync({ input, requestKey });
    forgetCachedAds();
    notify({ type: 'success', text: 'adForm:created' });
    await navigate(unpublishedAdPath(created?.id));
  };
}

/** `/annonces/creer`: a USER's new ad, unpublished until they publish it from the manage page. */
export function CreateAdPage() {
  const { t } = useTranslation('adForm');
  const { me, profile, contact } = useOwnProfile();
  const create = useCreate();
  return (
    <Page title={t('create.title')} intro={t('create.intro')}>
      {me.isLoadingError && <LoadFailure failure="adForm:profileLoadFailed" onRetry={() => me.refetch()} />}
      {me.isPending && <Loading />}
      {me.data && (
        <AdForm
          mode="create"
          initial={emptyAdValues(profile?.organizationName ?? '')}
          contact={contact}
          save={create}
          submitLabel={t('create.submit')}
        />
      )}
    </Page>
  );
}

/** `/annonces/preparer`: an ADMIN's unlisted ad, for a user it is transferred to later. */
export function PrepareAdPage() {
  const { t } = useTranslation('adForm');
  const create = useCreate();
  return (
    <Page title={t('prepare.title')} intro={t('prepare.intro')}>
      <AdForm mode="create" initial={emptyAdValues()} contact={null} save={create} submitLabel={t('prepare.submit')} />
    </Page>
  );
}

/** `/annonces/modifier/:id`: the owner or an ADMIN edits an ad; an ad they may not edit is not found. */
export function EditAdPage() {
  const { id = '' } = useParams();
  return <AdEditor key={id} id={id} />;
}

function AdEditor({ id }: { id: string }) {
  const { t, i18n } = useTranslation('adForm');
  const navigate = useNavigate();
  const session = useSession();
  const ad = useApiQuery(AD_TO_EDIT, { id });
  const own = useOwnProfile();
  const updateAd = useApiMutation(UPDATE_AD, { invalidates: [AD_TO_EDIT] });
  const stored = ad.data?.ad;
  const language = i18n.language === 'en' ? 'en' : 'fr';
  // The version the form was filled from (it takes its values once; a background refetch must not
  // move this on): a save over a newer change made elsewhere is refused rather than undoing it.
  const [loadedVersion, setLoadedVersion] = useState<string | undefined>(undefined);
  if (stored && loadedVersion === undefined) setLoadedVersion(stored.updatedAt);

  const save = async (input: AdInput) => {
    const result = await updateAd.mutateAsync({ id, input, expectedUpdatedAt: loadedVersion });
    forgetCachedAds();
    notify({ type: 'success', text: 'adForm:saved' });
    await navigate(adDetailPath(result.updateAd?.path ?? stored!.path));
  };

  if (ad.isLoadingError)
    return <Page title={t('edit.title')}>{<LoadFailure failure="adForm:loadFailed" onRetry={() => ad.refetch()} />}</Page>;
  if (ad.isPending) return <Page title={t('edit.title')}>{<Loading />}</Page>;
  // An ad that does not exist and one the visitor may not edit look the same.
  if (!stored || !stored.editable) return <NotFoundPage />;
  // An administrator editing someone's ad: the owner's contact choices apply, not the administrator's.
  const contact = session?.role === 'USER' ? own.contact : null;
  return (
    <Page title={t('edit.title')}>
      {/* The form takes its values once: a refetch of the ad does not overwrite what is being typed. */}
      <AdForm mode="edit" initial={adValuesOf(stored, language)} contact={contact} save={save} submitLabel={t('edit.submit')} />
    </Page>
  );
}
