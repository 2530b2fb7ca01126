// The signed-in user as the API describes them (docs/accounts-api.md): every screen reads this one answer.
import { graphql } from '../../../lib/api/documents';
import { PROFILE_FORM_FIELDS } from '../../../lib/profile-form/operations';

export const ME = graphql(
  `
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
          ...ProfileFormFields
          phoneVerified
          registeredSince
        }
      }
    }
  `,
  [PROFILE_FORM_FIELDS],
);
