// The ad search use case (Query.searchAds, spec §2 "Ad search"): anyone may search (the handler
// limits the rate); the input is checked with the rules the search panel shows, then one page is
// read by the engine (search-ads.ts). Also the administrators' published tab, which walks the same
// date order.

import {
  assertValid,
  SEARCH_PAGE_DEFAULT_LIMIT,
  SEARCH_PAGE_MAX_LIMIT,
  searchInputChecks,
  type AdSearchPageSource,
  type AdSort,
  type QuerySearchAdsArgs,
  type RuleResult,
} from '@partage/graphql';
import { criteriaOf } from './entry-match';
import { adSummary } from './ad-summary';
import { isDistanceSort, runSearch, type SearchRequest } from './search-ads';
import { decodeSearchToken, encodeSearchToken, searchFingerprint } from './search-cursor';

const pageLimitCheck = (limit: number): RuleResult =>
  Number.isInteger(limit) && limit >= 1 && limit <= SEARCH_PAGE_MAX_LIMIT ? null : 'oneOf';

/** One page of the request a token continues; the token of the next. */
async function page(request: Omit<SearchRequest, 'after'>, nextToken: string | null | undefined) {
  // The token is bound to what is searched, in a canonical form: another search's token is refused.
  const fingerprint = searchFingerprint({ criteria: request.criteria, near: request.near, sort: request.sort });
  const after = decodeSearchToken(nextToken, fingerprint, isDistanceSort(request.sort));
  const result = await runSearch({ ...request, after });
  return { hits: result.hits, count: result.count, nextToken: result.next && encodeSearchToken(result.next, fingerprint) };
}

export async function searchAds({ input, limit, nextToken }: QuerySearchAdsArgs): Promise<AdSearchPageSource> {
  const size = limit ?? SEARCH_PAGE_DEFAULT_LIMIT;
  assertValid([
    ...searchInputChecks(input).map(([path, result]): [string, RuleResult] => [`input.${path}`, result]),
    ['limit', pageLimitCheck(size)],
  ]);
  const { near } = input;
  const sort: AdSort = input.sort ?? (near ? 'DISTANCE_ASC' : 'DATE_DESC');
  const result = await page(
    {
      criteria: criteriaOf(input),
      near: near ? { centre: { latitude: near.latitude, longitude: near.longitude }, radiusMeters: near.radiusKm * 1000 } : null,
      sort,
      limit: size,
    },
    nextToken,
  );
  return { items: result.hits.map(adSummary), count: result.count, nextToken: result.nextToken };
}

/** Ids of every published, listed ad (with every word of `keyword` in its texts, if given), newest publication first, a page at a time. */
export async function newestPublishedAdIds(limit: number, nextToken: string | null | undefined, keyword?: string) {
  const result = await page({ criteria: criteriaOf({ keyword }), near: null, sort: 'DATE_DESC', limit }, nextToken);
  return { ids: result.hits.map((hit) => hit.entry.id), nextToken: result.nextToken };
}
