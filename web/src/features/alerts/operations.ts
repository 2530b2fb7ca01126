// The alerts API (graphql/schema/alerts.graphql) as the alert pages use it (docs/alerts.md).
import { graphql } from '../../lib/api/documents';

/** Everything an alert's list row and edit form show. */
export const ALERT_FIELDS = graphql(`
  fragment AlertFields on Alert @_unmask {
    id
    status
    criteria {
      categories
      modes
      availability {
        day
        evening
        weekdays
      }
      priceRanges
      certifications
      keyword
    }
    place {
      label
      latitude
      longitude
    }
    radiusKm
    email
    language
    createdAt
    updatedAt
    lastDigestAt
  }
`);

/** /alertes/creer: anyone but an administrator; PENDING_CONFIRMATION until the e-mailed link is followed. */
export const CREATE_ALERT = graphql(
  `
    mutation CreateAlert($input: CreateAlertInput!) {
      createAlert(input: $input) {
        ...AlertFields
      }
    }
  `,
  [ALERT_FIELDS],
);

/** /alertes/confirmer/{id}?token=… (no sign-in). */
export const CONFIRM_ALERT = graphql(`
  mutation ConfirmAlert($input: AlertLinkInput!) {
    confirmAlert(input: $input) {
      id
      status
      language
    }
  }
`);

/** /alertes/supprimer/{id}?token=… (no sign-in); ALERT_ALREADY_DELETED the second time. */
export const DELETE_ALERT_BY_LINK = graphql(`
  mutation DeleteAlertByLink($input: AlertLinkInput!) {
    deleteAlertByLink(input: $input)
  }
`);

/** /alertes: the caller's alerts, newest first. */
export const MY_ALERTS = graphql(
  `
    query MyAlerts {
      myAlerts {
        ...AlertFields
      }
    }
  `,
  [ALERT_FIELDS],
);

/** /alertes/modifier/{id}. */
export const ALERT = graphql(
  `
    query Alert($id: ID!) {
      alert(id: $id) {
        ...AlertFields
      }
    }
  `,
  [ALERT_FIELDS],
);

/** NO_CHANGE when nothing differs: the page shows the "save ignored" notice. */
export const UPDATE_ALERT = graphql(
  `
    mutation UpdateAlert($input: UpdateAlertInput!) {
      updateAlert(input: $input) {
        ...AlertFields
      }
    }
  `,
  [ALERT_FIELDS],
);

export const DELETE_ALERT = graphql(`
  mutation DeleteAlert($id: ID!) {
    deleteAlert(id: $id)
  }
`);

/** The signed-in user's address, which the form proposes (an alert to it is active at once). */
export const ALERT_OWNER_EMAIL = graphql(`
  query AlertOwnerEmail {
    me {
      id
      email
    }
  }
`);
