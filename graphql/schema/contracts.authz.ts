// Who may call each root field of contracts.graphql (see authz.ts). For the fields that name a
// contract, `own` is a party to it (the owner for updateContract, the conversation's ad owner for
// proposeContract) and `other` a USER who is not (functions/handlers/authz-matrix.test.ts makes them).

import { ADMIN_ONLY, PUBLIC, SERVER_ONLY, type AuthzRow, type AuthzTable } from './authz';

/** Any USER; no visitor, no administrator (administrators are party to no contract). */
const USERS: AuthzRow = { anonymous: false, own: true, other: true, admin: false };
/** The contract's parties only. */
const PARTIES: AuthzRow = { anonymous: false, own: true, other: false, admin: false };

export const authz: AuthzTable = {
  // The parties, and administrators (who oversee payments and refunds).
  'Query.contract': { anonymous: false, own: true, other: false, admin: true },
  'Query.myContracts': USERS,
  // The ad's page shows its booked dates to everyone (nothing of the contracts themselves).
  'Query.adBookedPeriods': PUBLIC,
  // A party's documents (the tenant's receipts, the owner's receipts and fee invoices), and administrators.
  'Query.contractDocumentDownload': { anonymous: false, own: true, other: false, admin: true },
  // Administrators oversee every contract's payment and payout.
  'Query.adminContracts': ADMIN_ONLY,
  // An organisation's own books (each caller reads only theirs: nothing names another); the platform's to administrators.
  'Query.booksExport': USERS,
  'Query.platformBooksExport': ADMIN_ONLY,
  'Mutation.retryContractPayout': ADMIN_ONLY,
  // The owner of the conversation's ad; without a finished payment onboarding the answer is
  // PAYMENT_ONBOARDING_INCOMPLETE, not a refusal of authorization.
  'Mutation.proposeContract': PARTIES,
  'Mutation.updateContract': PARTIES,
  'Mutation.cancelContract': PARTIES,
  // The tenant only; `own` is the contract's tenant here.
  'Mutation.acceptAndPayContract': PARTIES,
  // The owner (`own` is the contract's owner here) and administrators, who handle refunds.
  'Mutation.refundContract': { anonymous: false, own: true, other: false, admin: true },
  // Only the user themself may listen (each event names its one recipient).
  'Subscription.onContractEvent': { anonymous: false, own: true, other: false, admin: false },
  'Mutation.publishContractEvent': SERVER_ONLY,
};
