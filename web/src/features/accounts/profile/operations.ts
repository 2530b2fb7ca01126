// The profile part of the accounts API (graphql/schema.graphql, docs/accounts-api.md) these screens call.

/** Every profile field the forms edit (StoredProfile in profile-values.ts); `me` (session-user) reads them all. */
export const PROFILE_FORM_FIELDS = /* GraphQL */ `
  fragment ProfileFormFields on Profile {
    firstName
    lastName
    organizationName
    organizationNEQ
    organizationType
    organizationTypeOtherSpecification
    industry
    industryOtherSpecification
    phoneNumber
    showPhoneNumber
    showEmail
    address
    postalCode
    contactAuthorizationNews
    contactAuthorizationSurveys
    registeringInterests
    language
  }
`;

export const UPDATE_USER_PROFILE = /* GraphQL */ `
  mutation UpdateUserProfile($input: UpdateUserProfileInput!) {
    updateUserProfile(input: $input) {
      id
    }
  }
`;
