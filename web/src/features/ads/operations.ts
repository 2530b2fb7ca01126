// The ads API (graphql/schema/ads.graphql) as the ad pages use it.
import { graphql } from '../../lib/api/documents';
import { AD_CARD_FIELDS } from '../../lib/ads/fragments';

export const AD_DETAIL = graphql(`
  query AdDetail($id: ID!) {
    ad(id: $id) {
      id
      path
      equipmentRatings {
        count
        compliance
        cleanliness
        security
        overall
      }
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
        exact
        address
        town
        postalCode
        latitude
        longitude
        radiusMeters
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
        kind
        amountCents
        range
        unit
        description {
          fr
          en
        }
      }
      sale {
        kind
        amountCents
        range
        description {
          fr
          en
        }
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
      contact {
        userId
        publicName
        organizationName
        email
        phoneNumber
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
      published
      unlisted
      editable
    }
  }
`);

export const MANAGED_ADS = graphql(
  `
    query ManagedAds($published: Boolean!, $limit: Int, $nextToken: String, $search: String) {
      managedAds(published: $published, limit: $limit, nextToken: $nextToken, search: $search) {
        items {
          id
          path
          title {
            fr
            en
          }
          published
          unlisted
          images {
            id
          }
          contact {
            userId
            publicName
            organizationName
          }
          ...AdCardFields
        }
        nextToken
      }
    }
  `,
  [AD_CARD_FIELDS],
);

export const PUBLISH_AD = graphql(`
  mutation PublishAd($id: ID!) {
    publishAd(id: $id) {
      id
      published
    }
  }
`);

export const UNPUBLISH_AD = graphql(`
  mutation UnpublishAd($id: ID!) {
    unpublishAd(id: $id) {
      id
      published
    }
  }
`);

/** What the transfer page shows of the ad before it goes. */
export const AD_TO_TRANSFER = graphql(`
  query AdToTransfer($id: ID!) {
    ad(id: $id) {
      id
      title {
        fr
        en
      }
      unlisted
    }
  }
`);

export const TRANSFER_AD = graphql(`
  mutation TransferAd($input: TransferAdInput!) {
    transferAd(input: $input) {
      id
    }
  }
`);

/** Whether the address is a user's, before the transfer asks for confirmation (admin only). */
export const TRANSFER_TARGET_EXISTS = graphql(`
  query TransferTargetExists($email: AWSEmail!) {
    transferTargetExists(email: $email)
  }
`);
