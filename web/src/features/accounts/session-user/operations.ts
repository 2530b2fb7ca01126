// The signed-in user as the API describes them (docs/accounts-api.md): every screen reads this one answer.

export const ME = /* GraphQL */ `
  query Me {
    me {
      id
      type
      email
      pendingEmail
      firstLoginModalClosed
      profile {
        id
        publicName
        acceptedTos {
          id
          hasAcceptedLatest
          latestVersionAvailable
        }
        firstName
        lastName
        organizationName
        organizationNEQ
        organizationType
        organizationTypeOtherSpecification
        industry
        industryOtherSpecification
        phoneNumber
        phoneVerified
        showPhoneNumber
        showEmail
        address
        postalCode
        contactAuthorizationNews
        contactAuthorizationSurveys
        registeringInterests
        language
        registeredSince
      }
    }
  }
`;
