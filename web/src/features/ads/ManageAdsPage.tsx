import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { editAdPath, editUserPath, MANAGE_ADS_PARAMS, PATHS, transferAdPath } from '../../app/paths';
import { adDetailPath } from '../../lib/ads/ad-path';
import { PhoneVerificationDialog } from '../../lib/phone/PhoneVerificationDialog';
import { AdCardList } from '../../lib/ads/AdCardList';
import { AD_CARD_NAMESPACES, cardOfAd } from '../../lib/ads/card-view';
import { SEARCH_ADS } from '../../lib/ads/operations';
import { pickText, readerLanguage } from '../../lib/ads/localized-text';
import { useAdPages } from '../../lib/ads/use-ad-pages';
import { ApiError, errorMessageKey } from '../../lib/api/errors';
import type { ResultOf } from '../../lib/api/documents';
import { useApiMutation } from '../../lib/api/queries';
import { useSession } from '../../lib/auth/session';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notify } from '../../lib/notifications/store';
import { AD_DETAIL, MANAGED_ADS, PUBLISH_AD, UNPUBLISH_AD } from './operations';
import { SEARCH_KEYWORD_MAX_LENGTH } from '@partage/graphql';
import './ads-pages.css';

type ManagedAd = ResultOf<typeof MANAGED_ADS>['managedAds']['items'][number];
type Tab = 'published' | 'unpublished';
const TABS: readonly Tab[] = ['published', 'unpublished'];

/**
 * `/gerer-annonces` (spec §2, USER or ADMIN): the ads one manages in two tabs (WAI-ARIA tabs: arrows,
 * Home and End move between them). A user's own ads, published or not; an administrator's are all
 * published ads and the unlisted ones administrators prepared. `?onglet=non-publiees&annonce=<id>`
 * (where the ad form leaves a new ad) opens the unpublished tab and points the ad out, its "Publish" first.
 */
export function ManageAdsPage() {
  const { t } = useTranslation(AD_CARD_NAMESPACES);
  const session = useSession();
  const admin = session?.role === 'ADMIN';
  usePageTitle(t('manage.title'));
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get(MANAGE_ADS_PARAMS.tab) === MANAGE_ADS_PARAMS.unpublishedTab ? 'unpublished' : 'published');
  const pointedOut = params.get(MANAGE_ADS_PARAMS.ad);
  const tabs = useRef(new Map<Tab, HTMLButtonElement>());
  const panel = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const tabLabel = (name: Tab) => t(admin ? `manage.adminTabs.${name}` : `manage.tabs.${name}`);

  const onTabKey = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const next = {
      ArrowRight: TABS[(at + 1) % TABS.length],
      ArrowLeft: TABS[(at - 1 + TABS.length) % TABS.length],
      Home: TABS[0],
      End: TABS.at(-1),
    }[event.key];
    if (!next) return;
    event.preventDefault();
    setTab(next);
    tabs.current.get(next)?.focus();
  };

  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t('manage.title')}</h1>
        <Link to={admin ? PATHS.prepareAd : PATHS.createAd} className="button">
          {t(admin ? 'manage.prepare' : 'manage.create')}
        </Link>
      </div>
      <div role="tablist" aria-label={t('manage.title')} className="tabs" onKeyDown={onTabKey}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) tabs.current.set(name, element);
            }}
            type="button"
            role="tab"
            id={`${baseId}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${baseId}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className="tabs__tab"
            onClick={() => setTab(name)}
          >
            {tabLabel(name)}
          </button>
        ))}
      </div>
      {/* Only the open tab's panel is rendered, and its list asked for. */}
      <div
        ref={panel}
        role="tabpanel"
        id={`${baseId}-${tab}-panel`}
        aria-labelledby={`${baseId}-${tab}-tab`}
        tabIndex={0}
        className="tabs__panel"
      >
        {/* A published or unpublished ad leaves this tab with the button that had focus: the panel takes it. */}
        <ManagedAdList
          key={tab}
          published={tab === 'published'}
          admin={admin}
          pointedOut={pointedOut}
          onMoved={() => panel.current?.focus()}
        />
      </div>
    </div>
  );
}

interface ManagedAdListProps {
  published: boolean;
  admin: boolean;
  /** The ad just saved, whose "Publish" stands out. */
  pointedOut: string | null;
  /** The ad moved to the other tab. */
  onMoved: () => void;
}

function ManagedAdList({ published, admin, pointedOut, onMoved }: ManagedAdListProps) {
  const { t } = useTranslation('ads');
  // Administrators search the published ads (every one of them is theirs to manage).
  const searchable = admin && published;
  const [search, setSearch] = useState('');
  const pages = useAdPages(MANAGED_ADS, { published, search: search || null }, (answer) => answer.managedAds);
  const empty = search
    ? t('manage.adminSearch.none', { search })
    : t(
        admin
          ? published
            ? 'manage.adminEmpty.published'
            : 'manage.adminEmpty.unpublished'
          : `manage.empty.${published ? 'published' : 'unpublished'}`,
      );
  return (
    <>
      {/* "Unpublished" (an owner's ad taken down) and "prepared" (an administrator's, not a user's yet) are told apart. */}
      {admin && <p className="managed-ads__help">{t(`manage.adminTabsHelp.${published ? 'published' : 'unpublished'}`)}</p>}
      {searchable && <AdminAdSearch onSearch={setSearch} />}
      <AdCardList
        pages={pages}
        card={cardOfAd}
        headingLevel={2}
        favourite={false}
        empty={<p>{empty}</p>}
        extra={(ad) => <ManagedAdActions ad={ad} admin={admin} pointedOut={ad.id === pointedOut} onMoved={onMoved} />}
      />
    </>
  );
}

/** The administrators' search of the published ads: words of their texts, or of their owner's name, organisation or address. */
function AdminAdSearch({ onSearch }: { onSearch: (search: string) => void }) {
  const { t } = useTranslation('ads');
  const id = useId();
  const [draft, setDraft] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" className="managed-ads__search" onSubmit={submit}>
      <label htmlFor={id}>{t('manage.adminSearch.label')}</label>
      <p id={`${id}-hint`} className="field__hint">
        {t('manage.adminSearch.hint')}
      </p>
      <div className="managed-ads__search-row">
        <input
          id={id}
          type="search"
          value={draft}
          maxLength={SEARCH_KEYWORD_MAX_LENGTH}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button--secondary">
          {t('manage.adminSearch.submit')}
        </button>
      </div>
    </form>
  );
}

function ManagedAdActions({ ad, admin, pointedOut, onMoved }: { ad: ManagedAd; admin: boolean; pointedOut: boolean; onMoved: () => void }) {
  const { t, i18n } = useTranslation('ads');
  const [failure, setFailure] = useState<{ key: string; phone: boolean } | null>(null);
  const [verifyingPhone, setVerifyingPhone] = useState(false);
  const title = pickText(ad.title, readerLanguage(i18n.language))?.text ?? t('untitled');
  const onError = (error: Error) =>
    setFailure({ key: errorMessageKey(error), phone: error instanceof ApiError && error.code === 'PHONE_NOT_VERIFIED' });
  // Either change moves the ad to the other tab, and in or out of the public list: all are asked again.
  const invalidates = [MANAGED_ADS, SEARCH_ADS, AD_DETAIL];
  const publish = useApiMutation(PUBLISH_AD, {
    invalidates,
    onSuccess: () => {
      notify({ type: 'success', text: 'ads:manage.published' });
      onMoved();
    },
    onError,
  });
  const unpublish = useApiMutation(UNPUBLISH_AD, {
    invalidates,
    onSuccess: () => {
      notify({ type: 'success', text: 'ads:manage.unpublished' });
      onMoved();
    },
    onError,
  });
  const busy = publish.isPending || unpublish.isPending;
  const state = ad.unlisted ? 'unlisted' : ad.published ? 'published' : 'unpublished';
  const run = (mutate: (variables: { id: string }) => void) => {
    if (busy) return;
    setFailure(null);
    mutate({ id: ad.id });
  };

  return (
    <div className="managed-ad">
      <p className="managed-ad__facts">
        <span className={`ad-state ad-state--${state}`}>{t(`manage.state.${state}`)}</span>{' '}
        {t('manage.imagesCount', { count: ad.images.length })}
      </p>
      {/* Administrators see whose ad it is, and reach that account (a prepared ad is nobody's yet). */}
      {admin && ad.contact.userId && (
        <p className="managed-ad__owner">
          {t('manage.owner')} <Link to={editUserPath(ad.contact.userId)}>{ad.contact.publicName}</Link>
          {ad.contact.organizationName && ad.contact.organizationName !== ad.contact.publicName && ` (${ad.contact.organizationName})`}
        </p>
      )}
      <div className="managed-ad__actions">
        <Link to={adDetailPath(ad.path)} aria-label={t('manage.viewNamed', { title })}>
          {t('manage.view')}
        </Link>
        <Link to={editAdPath(ad.id)} aria-label={t('manage.editNamed', { title })}>
          {t('manage.edit')}
        </Link>
        {/* Administrators prepare unlisted ads for users: they give them away rather than publish them. */}
        {!ad.unlisted && (
          <button
            type="button"
            className={pointedOut && !ad.published ? 'button button--small' : 'button button--secondary button--small'}
            aria-disabled={busy || undefined}
            aria-label={t(ad.published ? 'manage.unpublishNamed' : 'manage.publishNamed', { title })}
            onClick={() => run(ad.published ? unpublish.mutate : publish.mutate)}
          >
            {t(ad.published ? 'manage.unpublish' : 'manage.publish')}
          </button>
        )}
        {admin && ad.unlisted && (
          <Link to={transferAdPath(ad.id)} aria-label={t('manage.transferNamed', { title })}>
            {t('manage.transfer')}
          </Link>
        )}
      </div>
      {failure && (
        <p role="alert" className="notice notice--error">
          {t(failure.key, { ns: 'common' })}
          {failure.phone && (
            <>
              {' '}
              <button type="button" className="button button--secondary button--small" onClick={() => setVerifyingPhone(true)}>
                {t('manage.verifyPhone')}
              </button>
            </>
          )}
        </p>
      )}
      {/* Publishing is what needs the verified phone: once it is, the ad is published at once. */}
      <PhoneVerificationDialog
        open={verifyingPhone}
        onClose={() => setVerifyingPhone(false)}
        onVerified={() => {
          setVerifyingPhone(false);
          run(publish.mutate);
        }}
      />
    </div>
  );
}
