// The ads API (graphql/schema/ads.graphql) as the ad form uses it.
import { graphql, type ResultOf } from '../../lib/api/documents';

const PRICE_FIELDS = graphql(`
  fragment PriceFields on PriceOffer @_unmask {
    kind
    amountCents
    range
    unit
    description {
      fr
      en
    }
  }
`);

export const AD_FORM_FIELDS = graphql(
  `
    fragment AdFormFields on Ad @_unmask {
      id
      path
      editable
      updatedAt
      title {
        fr
        en
      }
      description {
        fr
        en
      }
      category
      descriptionOther
      professionalKitchenEquipment
      professionalKitchenEquipmentOther
      deliveryTruckType
      deliveryTruckTypeOther
      canHaveDriver
      canShareRoad
      refrigerated
      conditionsTypeDeliveryTruck
      surfaceDescription
      surfaceSize
      equipment
      conditions
      location {
        address
        town
        postalCode
        latitude
        longitude
        showAddress
      }
      availability {
        all
        day
        evening
        weekdays
        restrictions {
          date
          period
        }
      }
      certifications
      allergens
      rent {
        ...PriceFields
      }
      sale {
        ...PriceFields
      }
      taxMode
      cancellationPolicy
      trade {
        description {
          fr
          en
        }
      }
      donation {
        description {
          fr
          en
        }
      }
      organization
      images {
        id
        alt {
          fr
          en
        }
        variants {
          fileId
          url
          width
        }
      }
      infoIsTrue
    }
  `,
  [PRICE_FIELDS],
);

export const AD_TO_EDIT = graphql(
  `
    query AdToEdit($id: ID!) {
      ad(id: $id) {
        ...AdFormFields
      }
    }
  `,
  [AD_FORM_FIELDS],
);

export type StoredAd = ResultOf<typeof AD_FORM_FIELDS>;

export const CREATE_AD = graphql(`
  mutation CreateAd($input: AdInput!, $requestKey: ID!) {
    createAd(input: $input, requestKey: $requestKey) {
      id
      path
    }
  }
`);

export const UPDATE_AD = graphql(`
  mutation UpdateAd($id: ID!, $input: AdInput!, $expectedUpdatedAt: AWSDateTime) {
    updateAd(id: $id, input: $input, expectedUpdatedAt: $expectedUpdatedAt) {
      id
      path
    }
  }
`);

/** What the form takes from the signed-in user's profile: the organisation and the contact choices. */
export const AD_FORM_PROFILE = graphql(`
  query AdFormProfile {
    me {
      id
      profile {
        id
        organizationName
        showPhoneNumber
        showEmail
        phoneVerified
      }
    }
  }
`);
