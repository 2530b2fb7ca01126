// What a page painted by the server asks the API, as the page's own components will ask it once the app
// has taken over: the same documents, variables and cache keys, so the answers the server hands over
// (lib/api/page-data.ts) are the ones the components find in the cache.
import type { DocumentNode } from 'graphql';
import { SEARCH_PAGE_DEFAULT_LIMIT } from '@partage/graphql';
import { AD_BOOKED_PERIODS } from '../lib/ads/calendar';
import { AD_DETAIL } from '../features/ads/operations';
import { adIdFromPath } from '../lib/ads/ad-path';
import { SEARCH_ADS } from '../lib/ads/operations';
import { queryKey } from '../lib/api/queries';
import { parseSearch, searchInputOf } from '../lib/search/search-params';

export interface PageQuery {
  document: DocumentNode;
  /** What the request sends. */
  variables: Record<string, unknown>;
  /** The cache key the page's component reads. */
  key: readonly unknown[];
  /** Read page by page (useAdPages): cached as the first of its pages. */
  paged: boolean;
}

const AD_PAGE = /^\/annonces\/([^/]+)$/;

/** The queries of the page at `path` (with its query string `search`); none for a page without data. */
export function pageQueries(path: string, search: string): PageQuery[] {
  if (path === '/annonces') {
    // AdSearchPage: useAdPages(SEARCH_ADS, { input }, …, { limit: SEARCH_PAGE_DEFAULT_LIMIT }).
    const input = searchInputOf(parseSearch(new URLSearchParams(search)).criteria);
    return [
      {
        document: SEARCH_ADS,
        variables: { input, limit: SEARCH_PAGE_DEFAULT_LIMIT, nextToken: null },
        key: queryKey(SEARCH_ADS, { input }),
        paged: true,
      },
    ];
  }
  const id = adIdFromPath(AD_PAGE.exec(path)?.[1] ?? '');
  if (!id) return [];
  // AdDetailPage (useAd) and its BookedPeriods.
  return [
    { document: AD_DETAIL, variables: { id }, key: queryKey(AD_DETAIL, { id }), paged: false },
    { document: AD_BOOKED_PERIODS, variables: { adId: id }, key: queryKey(AD_BOOKED_PERIODS, { adId: id }), paged: false },
  ];
}
