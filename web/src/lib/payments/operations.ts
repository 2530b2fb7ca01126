// Onboarding with the payment provider (graphql/schema/payments.graphql): shared by the payments
// screens and by any screen that meets PAYMENT_ONBOARDING_INCOMPLETE (a contract's creation).
import { graphql } from '../api/documents';

export const PAYMENT_ONBOARDING = graphql(`
  query PaymentOnboarding {
    me {
      id
      paymentOnboarding
    }
  }
`);

export const START_PAYMENT_ONBOARDING = graphql(`
  mutation StartPaymentOnboarding {
    startPaymentOnboarding {
      url
    }
  }
`);

export const CONFIRM_PAYMENT_ONBOARDING = graphql(`
  mutation ConfirmPaymentOnboarding {
    confirmPaymentOnboarding {
      paymentOnboarding
    }
  }
`);

export const PAYMENT_DASHBOARD_LINK = graphql(`
  mutation PaymentDashboardLink {
    paymentDashboardLink {
      url
    }
  }
`);
