// The ad search (graphql/schema/search.graphql). Here rather than in the search screen's feature: the
// pages that publish or unpublish an ad mark its answers stale.
import { graphql } from '../api/documents';
import { AD_SUMMARY_FIELDS } from './fragments';

export const SEARCH_ADS = graphql(
  `
    query SearchAds($input: AdSearchInput!, $limit: Int, $nextToken: String) {
      searchAds(input: $input, limit: $limit, nextToken: $nextToken) {
        items {
          ...AdSummaryFields
        }
        count {
          value
          exact
        }
        nextToken
      }
    }
  `,
  [AD_SUMMARY_FIELDS],
);
