// What a card shows of an ad (AdCard): the ad list, the manage page and the public profile ask for
// these fields with `...AdCardFields`, and AdCard reads them with readFragment.
import { graphql } from '../api/documents';

export const AD_CARD_FIELDS = graphql(`
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
    }
    sale {
      kind
      amountCents
      range
    }
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
  }
`);
