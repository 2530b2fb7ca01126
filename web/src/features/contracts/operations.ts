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
        }
        money {
          ...ContractMoneyFields
        }
        createdAt
        updatedAt
      }
    }
  `,
  [VERSION_FIELDS, MONEY_FIELDS],
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
          ratingToGive {
            deadline
            started
          }
        }
        nextToken
      }
    }
  `,
  [PERIOD_FIELDS],
);

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
            lastFailure
            paidOutAt
          }
          money {
            ...ContractMoneyFields
          }
          fraudWarning
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
