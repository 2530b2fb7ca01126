// What a card shows of an ad (AdCard): the manage page and the public profile ask for an Ad's fields
// with `...AdCardFields`, the search for an AdSummary's with `...AdSummaryFields`; card-view.ts turns
// either into what AdCard shows.
import { graphql } from '../api/documents';

/** An ad picture: its alternative text and its variants, for AdPicture. */
export const AD_IMAGE_FIELDS = graphql(`
  fragment AdImageFields on AdImage @_unmask {
    id
    alt {
      fr
      en
    }
    variants {
      url
      width
      height
    }
  }
`);

export const AD_CARD_FIELDS = graphql(
  `
    fragment AdCardFields on Ad {
      id
      path
      title {
        fr
        en
      }
      category
      rent {
        kind
        amountCents
        range
        unit
      }
      sale {
        kind
        amountCents
        range
      }
      taxMode
      trade {
        __typename
      }
      donation {
        __typename
      }
      location {
        town
      }
      images {
        ...AdImageFields
      }
      equipmentRatings {
        count
        overall
      }
    }
  `,
  [AD_IMAGE_FIELDS],
);

export const AD_SUMMARY_FIELDS = graphql(
  `
    fragment AdSummaryFields on AdSummary {
      id
      path
      title {
        fr
        en
      }
      category
      town
      latitude
      longitude
      radiusMeters
      image {
        ...AdImageFields
      }
      rent {
        kind
        amountCents
        range
        unit
        taxMode
      }
      sale {
        kind
        amountCents
        range
        taxMode
      }
      trade
      donation
      publishedAt
      distanceKm
      equipmentRatings {
        count
        overall
      }
    }
  `,
  [AD_IMAGE_FIELDS],
);
