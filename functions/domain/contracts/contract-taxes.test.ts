import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractMoneyOf, contractTaxesOf, contractTaxesView, priceOfVersion, type ContractMoneyInput } from './contract-taxes';
import { platformTaxRegistrationOf } from './platform-fee';

const REGISTERED = { taxStatus: 'REGISTERED', gstNumber: '123456789RT0001', qstNumber: '1234567890TQ0001' } as const;
const PLATFORM = { gstNumber: '987654321RT0001', qstNumber: '9876543210TQ0001' };
const input = (overrides: Partial<ContractMoneyInput> = {}): ContractMoneyInput => ({
  priceCents: 10_000,
  mode: 'ADDED',
  owner: REGISTERED,
  platform: PLATFORM,
  fee: { basisPoints: 1_000, fixedCents: 0 },
  day: '2026-12-08',
  ...overrides,
});

describe('contractMoneyOf', () => {
  it('adds a registered owner’s GST and QST to a price before taxes: the tenant pays them, the fee is on the price', () => {
    const money = contractMoneyOf(input());
    expect(money.totalPriceCents).toBe(11_498);
    expect(money.platformFeeCents).toBe(1_000);
    expect(money.taxes).toEqual({
      mode: 'ADDED',
      ownerTaxStatus: 'REGISTERED',
      owner: {
        baseCents: 10_000,
        gstCents: 500,
        qstCents: 998,
        totalCents: 11_498,
        gstNumber: REGISTERED.gstNumber,
        qstNumber: REGISTERED.qstNumber,
      },
      // The platform's fee holds its own taxes: those of 869 ¢ (43 + 87), the cent left over to the base.
      platformFee: { baseCents: 870, gstCents: 43, qstCents: 87, totalCents: 1_000, ...PLATFORM },
      rates: { since: '2013-01-01', gst: 5_000, qst: 9_975 },
    });
  });

  it('breaks a taxes-included price down, and taxes nothing for an owner who collects none', () => {
    expect(contractMoneyOf(input({ mode: 'INCLUDED', priceCents: 11_498 })).taxes.owner).toMatchObject({
      baseCents: 10_000,
      totalCents: 11_498,
    });
    for (const owner of [{}, { taxStatus: 'SMALL_SUPPLIER' as const }, { taxStatus: 'REGISTERED' as const }]) {
      const money = contractMoneyOf(input({ owner }));
      expect(money.totalPriceCents).toBe(10_000);
      expect(money.taxes.owner).toEqual({
        baseCents: 10_000,
        gstCents: 0,
        qstCents: 0,
        totalCents: 10_000,
        gstNumber: null,
        qstNumber: null,
      });
      expect(money.taxes.ownerTaxStatus).toBe(owner.taxStatus === 'SMALL_SUPPLIER' ? 'SMALL_SUPPLIER' : 'NOT_STATED');
    }
    expect(contractMoneyOf(input({ platform: null })).taxes.platformFee).toMatchObject({ baseCents: 1_000, gstCents: 0, gstNumber: null });
  });

  it('always charges the owner’s lines’ total, keeps the fee within the price before taxes, and shows an edit the price written', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 10_000_000 }),
        fc.constantFrom('ADDED' as const, 'INCLUDED' as const),
        fc.boolean(),
        (priceCents, mode, registered) => {
          const money = contractMoneyOf(input({ priceCents, mode, owner: registered ? REGISTERED : {} }));
          const { owner, platformFee } = money.taxes;
          expect(owner.baseCents + owner.gstCents + owner.qstCents).toBe(money.totalPriceCents);
          expect(platformFee.baseCents + platformFee.gstCents + platformFee.qstCents).toBe(money.platformFeeCents);
          expect(money.platformFeeCents).toBeLessThanOrEqual(owner.baseCents);
          expect(priceOfVersion(money)).toBe(priceCents);
        },
      ),
    );
  });
});

describe('contractTaxesOf', () => {
  it('reads a version made before taxes as untaxed, without rates', () => {
    const before = { totalPriceCents: 24_000, platformFeeCents: 726 };
    expect(contractTaxesOf(before).owner).toEqual({
      baseCents: 24_000,
      gstCents: 0,
      qstCents: 0,
      totalCents: 24_000,
      gstNumber: null,
      qstNumber: null,
    });
    expect(contractTaxesView(before)).toMatchObject({ ownerTaxStatus: 'NOT_STATED', gstRate: null, ratesSince: null });
    expect(priceOfVersion(before)).toBe(24_000);
  });
});

describe('platformTaxRegistrationOf', () => {
  it('reads both numbers, normalised, or none; refuses one alone or a wrong shape', () => {
    expect(platformTaxRegistrationOf({ PLATFORM_GST_NUMBER: undefined, PLATFORM_QST_NUMBER: '' })).toBeNull();
    expect(platformTaxRegistrationOf({ PLATFORM_GST_NUMBER: '987654321 rt 0001', PLATFORM_QST_NUMBER: '9876543210TQ0001' })).toEqual(
      PLATFORM,
    );
    expect(() => platformTaxRegistrationOf({ PLATFORM_GST_NUMBER: '987654321RT0001', PLATFORM_QST_NUMBER: undefined })).toThrow(RangeError);
    expect(() => platformTaxRegistrationOf({ PLATFORM_GST_NUMBER: '98765432RT0001', PLATFORM_QST_NUMBER: '9876543210TQ0001' })).toThrow(
      RangeError,
    );
  });
});
