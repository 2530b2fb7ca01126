// A contract as the API answers `contract`, for the contract screens' tests.

/** `YYYY-MM-DD`, `days` from today. */
export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const taxLines = (baseCents: number, gstCents = 0, qstCents = 0, numbers: [string, string] | null = null) => ({
  baseCents,
  gstCents,
  qstCents,
  totalCents: baseCents + gstCents + qstCents,
  gstNumber: numbers?.[0] ?? null,
  qstNumber: numbers?.[1] ?? null,
});

/** A version's taxes: none, as for an owner who has not stated theirs. */
const untaxed = (totalPriceCents: number, feeCents = 0) => ({
  mode: 'ADDED',
  ownerTaxStatus: 'NOT_STATED',
  owner: taxLines(totalPriceCents),
  platformFee: taxLines(feeCents),
  gstRate: 5_000,
  qstRate: 9_975,
  ratesSince: '2013-01-01',
});

/** The money of a registered owner's version of 1 000 $ before taxes, the platform's fee of 100 $ with its taxes. */
export const registeredVersion = {
  totalPriceCents: 114_975,
  platformFeeCents: 10_000,
  ownerShareCents: 104_975,
  priceCents: 100_000,
  taxes: {
    ...untaxed(0),
    ownerTaxStatus: 'REGISTERED',
    owner: taxLines(100_000, 5_000, 9_975, ['123456789RT0001', '1234567890TQ0001']),
    platformFee: taxLines(8_697, 435, 868, ['987654321RT0001', '9876543210TQ0001']),
  },
};

const version = (number: number, totalPriceCents: number, overrides: object = {}) => ({
  version: number,
  createdAt: '2026-11-20T15:00:00.000Z',
  period: {
    precision: 'DAY',
    start: '2027-01-11',
    end: '2027-01-13',
    startAt: '2027-01-11T05:00:00.000Z',
    endAt: '2027-01-13T05:00:00.000Z',
  },
  totalPriceCents,
  platformFeeCents: 0,
  ownerShareCents: totalPriceCents,
  priceCents: totalPriceCents,
  taxes: untaxed(totalPriceCents),
  cancellationPolicy: 'MODERATE',
  terms: '<p>Remise des clés à <strong>8 h</strong>.</p>',
  files: [
    { fileId: 'file-1', name: 'inventaire.pdf', contentType: 'application/pdf', size: 3000, url: 'https://files.test/inventaire.pdf' },
  ],
  disclaimerAccepted: true,
  ...overrides,
});

export function aContract(overrides: object = {}) {
  return {
    id: 'contract-1',
    status: 'SUBMITTED',
    version: 2,
    conversationId: 'conv-1',
    ad: { id: 'ad-1', path: 'cuisine-ad-1', title: { fr: 'Cuisine commerciale', en: 'Commercial kitchen' } },
    owner: { userId: 'owner-1', publicName: 'Cuisine du Quartier', organizationName: 'Cuisine du Quartier OBNL' },
    tenant: { userId: 'tenant-1', publicName: 'Traiteur du Plateau', organizationName: null },
    viewerRole: 'OWNER',
    availableActions: ['EDIT', 'CANCEL'],
    current: version(2, 123_450),
    versions: [version(2, 123_450), version(1, 100_000, { createdAt: '2026-11-19T15:00:00.000Z' })],
    history: [
      { kind: 'PROPOSED', at: '2026-11-19T15:00:00.000Z', actorId: 'owner-1', status: 'SUBMITTED', version: 1 },
      { kind: 'UPDATED', at: '2026-11-20T15:00:00.000Z', actorId: 'owner-1', status: 'SUBMITTED', version: 2 },
    ],
    money: null,
    createdAt: '2026-11-19T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    cancellation: null,
    cancellationQuote: null,
    documents: [],
    ...overrides,
  };
}

const documentParty = (overrides: object = {}) => ({
  userId: 'owner-1',
  name: 'Cuisine du Quartier OBNL',
  address: '100 rue Ontario Est, Montréal',
  postalCode: 'H2X 1H1',
  neq: '1171234567',
  gstNumber: '123456789RT0001',
  qstNumber: '1234567890TQ0001',
  ...overrides,
});

/** The owner's numbered receipt to the tenant of a registered owner's version of 1 000 $ before taxes. */
export const aReceiptDocument = (overrides: object = {}) => ({
  id: 'receipt',
  kind: 'RECEIPT',
  issuer: 'OWNER',
  number: 'OWNER1-2026-000007',
  issuedAt: '2026-11-21T15:01:00.000Z',
  refersTo: null,
  seller: documentParty(),
  buyer: documentParty({
    userId: 'tenant-1',
    name: 'Traiteur du Plateau',
    address: '5 avenue du Parc, Montréal',
    postalCode: 'H2V 4E7',
    neq: null,
    gstNumber: null,
    qstNumber: null,
  }),
  line: 'RENTAL',
  amounts: { baseCents: 100_000, gstCents: 5_000, qstCents: 9_975, totalCents: 114_975 },
  gstRate: 5_000,
  qstRate: 9_975,
  contractVersion: 2,
  adTitle: { fr: 'Cuisine commerciale', en: 'Commercial kitchen' },
  period: version(2, 0).period,
  paidAt: '2026-11-21T15:00:00.000Z',
  paymentReference: 'pi_3PaidWithACard',
  refundReference: null,
  creditCause: null,
  ...overrides,
});

/** Where a paid contract's money stands (`contract.money`), paid in full and nothing else yet. */
export const aMoneyState = (overrides: object = {}) => ({
  paidCents: 123_450,
  refundedCents: 0,
  refundableCents: 123_450,
  ownerShareCents: 123_450,
  payoutDueAt: '2027-01-12T05:00:00.000Z',
  paidOutCents: 0,
  reversedCents: 0,
  payoutHeld: null,
  dispute: null,
  refunds: [],
  ...overrides,
});

/** A contract paid (its version 2) on 2026-11-21. */
export const aPaidContract = (overrides: object = {}) => {
  const contract = aContract();
  return aContract({
    status: 'PAID',
    availableActions: [],
    history: [...contract.history, { kind: 'PAID', at: '2026-11-21T15:00:00.000Z', actorId: null, status: 'PAID', version: 2 }],
    money: aMoneyState(),
    ...overrides,
  });
};
