// The contracts API (graphql/schema/contracts.graphql) as the contract screens use it.
import { graphql } from '../../lib/api/documents';

const PERIOD_FIELDS = graphql(`
  fragment ContractPeriodFields on ContractPeriod @_unmask {
    precision
    start
    end
    startAt
    endAt
  }
`);

const TAX_LINES_FIELDS = graphql(`
  fragment TaxLinesFields on TaxLines @_unmask {
    baseCents
    gstCents
    qstCents
    totalCents
    gstNumber
    qstNumber
  }
`);

const VERSION_FIELDS = graphql(
  `
    fragment ContractVersionFields on ContractVersion @_unmask {
      version
      createdAt
      period {
        ...ContractPeriodFields
      }
      totalPriceCents
      platformFeeCents
      ownerShareCents
      priceCents
      taxes {
        mode
        ownerTaxStatus
        owner {
          ...TaxLinesFields
        }
        platformFee {
          ...TaxLinesFields
        }
        gstRate
        qstRate
        ratesSince
      }
      cancellationPolicy
      terms
      files {
        fileId
        name
        contentType
        size
        url
      }
      disclaimerAccepted
    }
  `,
  [PERIOD_FIELDS, TAX_LINES_FIELDS],
);

/** Where a paid contract's money stands: refunds, a dispute, the payout and what was taken back of it. */
const MONEY_FIELDS = graphql(`
  fragment ContractMoneyFields on ContractMoneyState @_unmask {
    paidCents
    refundedCents
    refundableCents
    ownerShareCents
    payoutDueAt
    paidOutCents
    reversedCents
    payoutHeld
    dispute {
      state
      reason
      amountCents
      evidenceDueBy
      openedAt
      closedAt
    }
    refunds {
      amountCents
      state
      origin
      reason
      at
    }
  }
`);

const DOCUMENT_PARTY_FIELDS = graphql(`
  fragment DocumentPartyFields on DocumentParty @_unmask {
    userId
    name
    address
    postalCode
    neq
    gstNumber
    qstNumber
  }
`);

/** A numbered document (receipt, fee invoice, credit note) as the receipt page shows it in full. */
const DOCUMENT_FIELDS = graphql(
  `
    fragment ContractDocumentFields on ContractDocument @_unmask {
      id
      kind
      issuer
      number
      issuedAt
      refersTo {
        id
        number
      }
      seller {
        ...DocumentPartyFields
      }
      buyer {
        ...DocumentPartyFields
      }
      line
      amounts {
        baseCents
        gstCents
        qstCents
        totalCents
      }
      gstRate
      qstRate
      contractVersion
      adTitle {
        fr
        en
      }
      period {
        ...ContractPeriodFields
      }
      paidAt
      paymentReference
      refundReference
      creditCause
    }
  `,
  [DOCUMENT_PARTY_FIELDS, PERIOD_FIELDS],
);

/** /contrats/{id} and its edit form. */
export const CONTRACT = graphql(
  `
    query Contract($id: ID!) {
      contract(id: $id) {
        id
        status
        version
        ratingToGive {
          deadline
          started
        }
        conversationId
        ad {
          id
          path
          title {
            fr
            en
          }
        }
        owner {
          userId
          publicName
          organizationName
        }
        tenant {
          userId
          publicName
          organizationName
        }
        viewerRole
        availableActions
        current {
          ...ContractVersionFields
        }
        versions {
          ...ContractVersionFields
        }
        history {
          kind
          at
          actorId
          status
          version
          reason
        }
        money {
          ...ContractMoneyFields
        }
        createdAt
        updatedAt
        cancellation {
          at
          policy
          percent
          refundCents
        }
        cancellationQuote {
          policy
          percent
          refundCents
          until
        }
        documents {
          ...ContractDocumentFields
        }
      }
    }
  `,
  [VERSION_FIELDS, MONEY_FIELDS, DOCUMENT_FIELDS],
);

/** /tableau-de-bord: one side at a time. */
export const MY_CONTRACTS = graphql(
  `
    query MyContracts($role: ContractRole!, $limit: Int, $nextToken: String) {
      myContracts(role: $role, limit: $limit, nextToken: $nextToken) {
        items {
          id
          status
          version
          adTitle {
            fr
            en
          }
          otherPartyName
          period {
            ...ContractPeriodFields
          }
          totalPriceCents
          updatedAt
          cancelled
          ratingToGive {
            deadline
            started
          }
          documents {
            id
            kind
            number
          }
        }
        nextToken
      }
    }
  `,
  [PERIOD_FIELDS],
);

/** A link to a numbered document's PDF in the reader's language, asked for when they download it (it lasts minutes). */
export const CONTRACT_DOCUMENT_DOWNLOAD = graphql(`
  query ContractDocumentDownload($input: ContractDocumentDownloadInput!) {
    contractDocumentDownload(input: $input) {
      url
      expiresAt
    }
  }
`);

/** The conversation a proposal starts from: its ad and who the tenant is. */
export const CONTRACT_CONVERSATION = graphql(`
  query ContractConversation($id: ID!) {
    conversation(id: $id) {
      id
      ad {
        id
        title {
          fr
          en
        }
        rent {
          kind
          amountCents
          unit
        }
        taxMode
        cancellationPolicy
      }
      participants {
        userId
        publicName
        role
        isMe
      }
    }
  }
`);

export const PROPOSE_CONTRACT = graphql(`
  mutation ProposeContract($input: ProposeContractInput!) {
    proposeContract(input: $input) {
      id
    }
  }
`);

export const UPDATE_CONTRACT = graphql(`
  mutation UpdateContract($input: UpdateContractInput!) {
    updateContract(input: $input) {
      id
      version
    }
  }
`);

export const CANCEL_CONTRACT = graphql(`
  mutation CancelContract($input: CancelContractInput!) {
    cancelContract(input: $input) {
      id
      status
    }
  }
`);

export const ACCEPT_AND_PAY_CONTRACT = graphql(`
  mutation AcceptAndPayContract($input: PayContractInput!) {
    acceptAndPayContract(input: $input) {
      url
      expiresAt
    }
  }
`);

export const REFUND_CONTRACT = graphql(`
  mutation RefundContract($input: RefundContractInput!) {
    refundContract(input: $input) {
      id
      status
    }
  }
`);

export const ON_CONTRACT_EVENT = graphql(`
  subscription OnContractEvent($userId: ID!) {
    onContractEvent(userId: $userId) {
      userId
      contractId
      kind
      status
      version
      at
    }
  }
`);

/** /gestion-contrats (administrators): every contract, the flagged payouts, or the money to check. */
export const ADMIN_CONTRACTS = graphql(
  `
    query AdminContracts($filter: AdminContractFilter!, $limit: Int, $nextToken: String) {
      adminContracts(filter: $filter, limit: $limit, nextToken: $nextToken) {
        items {
          id
          status
          version
          adTitle {
            fr
            en
          }
          ownerName
          tenantName
          period {
            ...ContractPeriodFields
          }
          totalPriceCents
          platformFeeCents
          payment {
            amountCents
            paidAt
          }
          payout {
            dueAt
            failures
            flagged
            overdue
            lastFailure
            paidOutAt
          }
          money {
            ...ContractMoneyFields
          }
          fraudWarning
          partiesLinked
          refundedAt
          availableActions
          createdAt
        }
        nextToken
      }
    }
  `,
  [PERIOD_FIELDS, MONEY_FIELDS],
);

export const RETRY_CONTRACT_PAYOUT = graphql(`
  mutation RetryContractPayout($input: RetryContractPayoutInput!) {
    retryContractPayout(input: $input) {
      id
      status
      payout {
        flagged
        lastFailure
      }
    }
  }
`);

/** The books' export (issue 39 §5): the caller's organisation's, and the platform's for administrators. */
const BOOKS_EXPORT_FIELDS = graphql(`
  fragment BooksExportFields on BooksExport @_unmask {
    fileName
    csv
    lineCount
  }
`);

export const BOOKS_EXPORT = graphql(
  `
    query BooksExport($input: BooksExportInput!) {
      booksExport(input: $input) {
        ...BooksExportFields
      }
    }
  `,
  [BOOKS_EXPORT_FIELDS],
);

export const PLATFORM_BOOKS_EXPORT = graphql(
  `
    query PlatformBooksExport($input: BooksExportInput!) {
      platformBooksExport(input: $input) {
        ...BooksExportFields
      }
    }
  `,
  [BOOKS_EXPORT_FIELDS],
);
