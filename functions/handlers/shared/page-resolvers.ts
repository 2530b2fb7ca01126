// The resolvers of the fields the pages painted by the server read (web/src/server/page-queries.ts: an
// ad's page and the search), for the server renderer: each answers exactly as it does behind AppSync
// (resolverHandler: the same checks before resolving, the same error envelopes), for an anonymous
// caller at the visitor's address. A field not here fails the page's query, and the browser asks the API.

import type { PageResolvers } from '@partage/graphql';
import { adsFields } from '../ads';
import { ratingsFields } from '../ratings';
import { searchFields } from '../search';
import { bookedPeriodsFields } from './booked-periods-fields';
import { resolverHandler, type FieldMap } from './resolver';

const PAGE_FIELDS = {
  'Query.ad': adsFields['Query.ad'],
  'Ad.contact': adsFields['Ad.contact'],
  'Ad.equipmentRatings': ratingsFields['Ad.equipmentRatings'],
  'AdSummary.equipmentRatings': ratingsFields['AdSummary.equipmentRatings'],
  ...bookedPeriodsFields,
  'Query.searchAds': searchFields['Query.searchAds'],
} satisfies FieldMap;

const resolve = resolverHandler(PAGE_FIELDS);

export const pageResolvers = (sourceAddress: string): PageResolvers => ({
  fields: new Set(Object.keys(PAGE_FIELDS)),
  resolve: (calls) => resolve(calls),
  sourceAddress,
});
