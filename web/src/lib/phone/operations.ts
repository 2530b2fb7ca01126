// The phone part of the API (graphql/schema/phone.graphql) the verification dialog calls.
import { graphql } from '../api/documents';

export const PHONE_OF_ME = graphql(`
  query PhoneOfMe {
    me {
      id
      profile {
        id
        phoneNumber
        phoneVerified
      }
    }
  }
`);

export const SEND_PHONE_VERIFICATION_CODE = graphql(`
  mutation SendPhoneVerificationCode {
    sendPhoneVerificationCode {
      phoneNumber
      nextCodeAt
      expiresAt
    }
  }
`);

export const VERIFY_PHONE_CODE = graphql(`
  mutation VerifyPhoneCode($input: VerifyPhoneCodeInput!) {
    verifyPhoneCode(input: $input) {
      phoneVerified
    }
  }
`);
