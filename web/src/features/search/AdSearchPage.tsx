// `/annonces` (spec §2 "Ad search"): the search panel, the results as cards beside a map or as a
// list, the sort and the view. The criteria live in the address query (search-params.ts): each
// change of criteria is a history entry, so a search can be shared and walked back.
import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SEARCH_PAGE_DEFAULT_LIMIT, SEARCH_RADIUS_KM, SORT_OPTIONS, type SortOption } from '@partage/graphql';
import { AD_CARD_NAMESPACES, readSummary } from '../../lib/ads/card-view';
import { pickText, readerLanguage } from '../../lib/ads/localized-text';
import { SEARCH_ADS } from '../../lib/ads/operations';
import { useAdPages } from '../../lib/ads/use-ad-pages';
import { useSession } from '../../lib/auth/session';
import { Select } from '../../lib/forms/controls';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { useMediaQuery } from '../../lib/ui/viewport';
import { SearchMap, type MapAd } from './SearchMap';
import { SearchPanel } from './SearchPanel';
import { SearchResults } from './SearchResults';
import {
  EMPTY_CRITERIA,
  alertCreationLink,
  byDistance,
  effectiveSort,
  hasFilters,
  parseSearch,
  searchInputOf,
  searchParamsOf,
  type SearchCriteria,
  type SearchView,
} from '../../lib/search/search-params';
import './search.css';

/** Where search.css puts the map beside the results rather than above them. */
const MAP_BESIDE_RESULTS = '(min-width: 80rem)';

export function AdSearchPage() {
  const { t, i18n } = useTranslation(['search', ...AD_CARD_NAMESPACES]);
  usePageTitle(t('ads:list.title'));
  const [params, setParams] = useSearchParams();
  const { criteria, view } = useMemo(() => parseSearch(params), [params]);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  // Beside the results, the map loads at once. Above them (phones, tablets) it waits for a tap on the
  // toolbar's button: MapLibre is about 300 kB over a mobile connection and seconds of a phone's
  // processor, and the results come first.
  // Outside a browser no query matches (useMediaQuery): the page the server paints has no map, which a phone
  // must not start loading while the app adopts that page; a wide screen's map comes right after, in its column.
  const besideResults = useMediaQuery(MAP_BESIDE_RESULTS, true);
  const [mapOpened, setMapOpened] = useState(false);
  const mapShown = besideResults || mapOpened;

  // A new search is a new history entry; the view is not a search, it replaces the entry.
  const search = (next: SearchCriteria) => setParams(searchParamsOf(next, view));
  const showView = (next: SearchView) => setParams(searchParamsOf(criteria, next), { replace: true });

  const input = useMemo(() => searchInputOf(criteria), [criteria]);
  const pages = useAdPages(SEARCH_ADS, { input }, (answer) => answer.searchAds, { limit: SEARCH_PAGE_DEFAULT_LIMIT });
  const summaries = useMemo(() => pages.items?.map(readSummary) ?? null, [pages.items]);
  const results = { ...pages, items: summaries };
  // Told by the first page only; none while a new search loads.
  const count = pages.loading ? null : pages.firstAnswer?.searchAds.count;

  const language = readerLanguage(i18n.language);
  const mapAds = useMemo<MapAd[]>(
    () =>
      (summaries ?? []).map((ad) => ({
        id: ad.id,
        latitude: ad.latitude,
        longitude: ad.longitude,
        approximate: ad.radiusMeters > 0,
        label: pickText(ad.title, language)?.text ?? t('ads:untitled'),
      })),
    [summaries, language, t],
  );
  const { place } = criteria;
  const radiusKm = criteria.radiusKm ?? SEARCH_RADIUS_KM.default;
  const focus = useMemo(() => (place ? { latitude: place.latitude, longitude: place.longitude, radiusKm } : null), [place, radiusKm]);

  const focusResult = useCallback((id: string) => {
    const link = document.querySelector<HTMLElement>(`[data-ad-id="${id}"] a`);
    link?.scrollIntoView({ block: 'nearest' });
    link?.focus();
  }, []);

  // Administrators have no alerts (spec §6).
  const offersAlert = useSession()?.role !== 'ADMIN';
  const sorts = SORT_OPTIONS.filter((option) => place || !byDistance(option));
  const reset = (
    <button type="button" className="button button--secondary" onClick={() => search(EMPTY_CRITERIA)}>
      {t('search:panel.reset')}
    </button>
  );

  return (
    <div className="page page--wide search-page">
      <h1>{t('ads:list.title')}</h1>
      <div className="search-layout">
        <SearchPanel criteria={criteria} onChange={search} />
        <section className="search-results" aria-labelledby="search-results-title">
          <h2 id="search-results-title" className="visually-hidden">
            {t('search:results.title')}
          </h2>
          <div className="search-toolbar">
            <Select<SortOption>
              label={t('search:sort.label')}
              value={effectiveSort(criteria)}
              options={sorts.map((value) => ({ value, label: t(`search:sort.${value}`) }))}
              onChange={(sort) => search({ ...criteria, sort })}
            />
            <div className="view-switch" role="group" aria-label={t('search:view.label')}>
              {(['cartes', 'liste'] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  className="view-switch__option"
                  aria-pressed={view === option}
                  onClick={() => showView(option)}
                >
                  {t(`search:view.${option}`)}
                </button>
              ))}
            </div>
            {/* A button, not a map-sized placeholder: on a phone that pushed the first result below the fold. Kept
                in the markup beside the results too (search.css hides it there): the page the server paints does
                not know the screen, and a phone's must show it. */}
            {view === 'cartes' && !mapOpened && (
              <button
                type="button"
                className="button button--secondary button--small search-toolbar__map-button"
                onClick={() => setMapOpened(true)}
              >
                {t('search:map.show')}
              </button>
            )}
            {offersAlert && (
              <Link to={alertCreationLink(criteria)} className="button button--secondary button--small search-toolbar__alert">
                {t('search:createAlert')}
              </Link>
            )}
          </div>
          {count && count.value > 0 && (
            <p className="search-results__count">
              {t(count.exact ? 'search:results.matching' : 'search:results.matchingMore', { count: count.value })}
            </p>
          )}
          <div className={view === 'cartes' ? 'search-results__body search-results__body--map' : 'search-results__body'}>
            <SearchResults
              pages={results}
              view={view}
              highlightedId={highlightedId}
              onHighlight={setHighlightedId}
              emptyAction={hasFilters(criteria) ? reset : null}
            />
            {view === 'cartes' && mapShown && (
              <SearchMap
                ads={mapAds}
                focus={focus}
                highlightedId={highlightedId}
                onHighlight={setHighlightedId}
                onSelect={focusResult}
                onSearchArea={(area) =>
                  search({
                    ...criteria,
                    place: { label: '', latitude: area.latitude, longitude: area.longitude },
                    radiusKm: area.radiusKm,
                  })
                }
              />
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
