// The profile fields the forms edit (StoredProfile in profile-values.ts): the signed-in user's `me`
// and an administrator's user detail both select them. Unmasked: callers read the fields directly.
import { graphql } from '../api/documents';

export const PROFILE_FORM_FIELDS = graphql(`
  fragment ProfileFormFields on Profile @_unmask {
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
    taxStatus
    gstNumber
    qstNumber
  }
`);
