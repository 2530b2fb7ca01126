// `/annonces` (spec §2 "Ad search"; issue 36 §1–2): the search bar (what and where) and the criteria as
// removable chips, then the filters beside the results (a sheet on phones and tablets), the sort and one
// view switch. The criteria live in the address query (search-params.ts): each change of criteria is a
// history entry, so a search can be shared and walked back.
import { useCallback, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
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
import { CriteriaChips } from './CriteriaChips';
import { MapAdCard } from './MapAdCard';
import { SearchBar } from './SearchBar';
import { SearchMap, type MapAd } from './SearchMap';
import { FiltersButton, SearchPanel } from './SearchPanel';
import { SearchResults } from './SearchResults';
import { ViewSwitch } from './ViewSwitch';
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

/** Where search.css puts the map beside the results; narrower, the map is shown alone. */
const MAP_BESIDE_RESULTS = '(min-width: 80rem)';
/** Under the map alone: its own top margin (search.css), and a little of the page under it. */
const MAP_BOTTOM_MARGIN_PX = 24;

export function AdSearchPage() {
  const { t, i18n } = useTranslation(['search', ...AD_CARD_NAMESPACES]);
  usePageTitle(t('ads:list.title'));
  const [params, setParams] = useSearchParams();
  const { criteria, view } = useMemo(() => parseSearch(params), [params]);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const keywordField = useRef<HTMLInputElement>(null);
  // Beside the results, the map loads at once. Elsewhere (phones, tablets) only once the view switch asks for
  // it: MapLibre is about 300 kB over a mobile connection and seconds of a phone's processor, and the results
  // come first. Outside a browser no query matches (useMediaQuery): the page the server paints has no map,
  // which a phone must not start loading while the app adopts that page; a wide screen's map comes right
  // after, in its column.
  const besideResults = useMediaQuery(MAP_BESIDE_RESULTS, true);
  const mapShown = besideResults ? view !== 'liste' : view === 'carte';
  const resultsShown = besideResults || view !== 'carte';
  const mapAlone = mapShown && !resultsShown;
  const body = useRef<HTMLDivElement>(null);
  useMapUnderSearchBar(mapAlone, body);

  // A new search is a new history entry; the view is not a search, it replaces the entry.
  // The page stays where the reader is: a filter ticked or a chip removed halfway down is not a new page.
  const search = (next: SearchCriteria) => setParams(searchParamsOf(next, view), { preventScrollReset: true });
  const showView = (next: SearchView) => setParams(searchParamsOf(criteria, next), { replace: true, preventScrollReset: true });

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

  const selected = selectedId ? summaries?.find((ad) => ad.id === selectedId) : undefined;
  const closeCard = () => {
    setSelectedId(null);
    document.querySelector<HTMLElement>(`.search-map__marker[data-ad-id="${selectedId}"]`)?.focus();
  };
  const focusKeyword = useCallback(() => keywordField.current?.focus(), []);

  // Administrators have no alerts (spec §6).
  const offersAlert = useSession()?.role !== 'ADMIN';
  const sorts = SORT_OPTIONS.filter((option) => place || !byDistance(option));
  const matching =
    count && count.value > 0 ? t(count.exact ? 'search:results.matching' : 'search:results.matchingMore', { count: count.value }) : null;
  const reset = (
    <button type="button" className="button button--secondary" onClick={() => search(EMPTY_CRITERIA)}>
      {t('search:panel.reset')}
    </button>
  );

  return (
    <div className="page page--wide search-page">
      <h1>{t('ads:list.title')}</h1>
      <SearchBar criteria={criteria} view={view} onChange={search} keywordField={keywordField} />
      <CriteriaChips criteria={criteria} onChange={search} focusWhenEmpty={focusKeyword} />
      <div className="search-layout">
        <SearchPanel criteria={criteria} view={view} onChange={search} sheetOpen={sheetOpen} onCloseSheet={() => setSheetOpen(false)} />
        <section className="search-results" aria-labelledby="search-results-title">
          <h2 id="search-results-title" className="visually-hidden">
            {t('search:results.title')}
          </h2>
          <div className="search-toolbar">
            <FiltersButton criteria={criteria} onOpen={() => setSheetOpen(true)} />
            <ViewSwitch view={view} wide={besideResults} onShow={showView} />
            {resultsShown && (
              <Select<SortOption>
                label={t('search:sort.label')}
                value={effectiveSort(criteria)}
                options={sorts.map((value) => ({ value, label: t(`search:sort.${value}`) }))}
                onChange={(sort) => search({ ...criteria, sort })}
              />
            )}
          </div>
          {!mapAlone && (matching || offersAlert) && (
            <p className="search-results__count">
              {matching && <span>{matching}</span>}
              {offersAlert && (
                <Link to={alertCreationLink(criteria)} className="search-results__alert">
                  {t('search:createAlert')}
                </Link>
              )}
            </p>
          )}
          <div
            ref={body}
            className={mapShown ? `search-results__body search-results__body--${mapAlone ? 'map-only' : 'map'}` : 'search-results__body'}
          >
            {resultsShown && (
              <SearchResults
                pages={results}
                view={view === 'liste' ? 'liste' : 'cartes'}
                highlightedId={highlightedId}
                onHighlight={setHighlightedId}
                emptyAction={hasFilters(criteria) ? reset : null}
              />
            )}
            {mapShown && (
              <SearchMap
                ads={mapAds}
                focus={focus}
                highlightedId={highlightedId}
                onHighlight={setHighlightedId}
                onSelect={setSelectedId}
                onSearchArea={(area) =>
                  search({
                    ...criteria,
                    place: { label: '', latitude: area.latitude, longitude: area.longitude },
                    radiusKm: area.radiusKm,
                  })
                }
              >
                {selected && <MapAdCard ad={selected} onClose={closeCard} />}
              </SearchMap>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}

/**
 * The map alone (a phone or a tablet) fills the screen under the search bar: the page is scrolled to the
 * bar, and the map is as tall as what the screen has left under the bar and the toolbar.
 */
function useMapUnderSearchBar(mapAlone: boolean, body: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const bar = document.querySelector<HTMLElement>('.search-bar');
    if (!mapAlone || !body.current || !bar) return;
    const above = body.current.getBoundingClientRect().top - bar.getBoundingClientRect().top;
    body.current.style.setProperty('--map-height', `${Math.round(window.innerHeight - above - MAP_BOTTOM_MARGIN_PX)}px`);
    window.scrollTo({ top: window.scrollY + bar.getBoundingClientRect().top });
  }, [mapAlone, body]);
}
