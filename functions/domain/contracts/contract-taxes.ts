// A contract version's money with its sales taxes (issue 39 §3), fixed when the version is made:
// the owner's price in the ad's tax mode, taxed when the owner is registered, at the rates of that
// day; the platform's fee on the price before taxes, its own taxes included in it. The tenant pays
// the total with the owner's taxes; the owner receives the total less the fee, so the taxes they owe
// reach them. Versions made before taxes read as untaxed.

import { salesTaxRatesOn, taxesIncluded, taxLinesOf, untaxed, type ContractTaxes, type TaxMode, type TaxStatus } from '@partage/graphql';
import type { ContractContent, ContractTaxesRecord } from '../../data/contracts';
import { platformFeeCents, type PlatformFeeSettings } from './platform-fee';

/** A seller's registration for the GST and QST; null when it collects none. */
export interface TaxRegistration {
  gstNumber: string;
  qstNumber: string;
}

export interface ContractMoneyInput {
  /** What the owner wrote, in the ad's tax mode. */
  priceCents: number;
  mode: TaxMode;
  /** The owner's status; only REGISTERED (with its numbers) collects. */
  owner: { taxStatus?: TaxStatus; gstNumber?: string; qstNumber?: string };
  platform: TaxRegistration | null;
  fee: PlatformFeeSettings;
  /** YYYY-MM-DD (Quebec): the version's day, whose rates apply. */
  day: string;
}

const registrationOf = (owner: ContractMoneyInput['owner']): TaxRegistration | null =>
  owner.taxStatus === 'REGISTERED' && owner.gstNumber && owner.qstNumber
    ? { gstNumber: owner.gstNumber, qstNumber: owner.qstNumber }
    : null;

/** The version's total, fee and taxes. */
export function contractMoneyOf(
  input: ContractMoneyInput,
): Pick<ContractContent, 'totalPriceCents' | 'platformFeeCents'> & { taxes: ContractTaxesRecord } {
  const rates = salesTaxRatesOn(input.day);
  const registration = registrationOf(input.owner);
  const owner = taxLinesOf(input.priceCents, input.mode, registration !== null, rates);
  // The platform's fee is on the owner's price before taxes: the taxes are the governments', not revenue.
  const feeCents = platformFeeCents(owner.baseCents, input.fee);
  const fee = input.platform ? taxesIncluded(feeCents, rates) : untaxed(feeCents);
  return {
    totalPriceCents: owner.totalCents,
    platformFeeCents: feeCents,
    taxes: {
      mode: input.mode,
      ownerTaxStatus: registration ? 'REGISTERED' : input.owner.taxStatus === 'SMALL_SUPPLIER' ? 'SMALL_SUPPLIER' : 'NOT_STATED',
      owner: { ...owner, gstNumber: registration?.gstNumber ?? null, qstNumber: registration?.qstNumber ?? null },
      platformFee: { ...fee, gstNumber: input.platform?.gstNumber ?? null, qstNumber: input.platform?.qstNumber ?? null },
      rates,
    },
  };
}

/** A version's taxes; one made before taxes reads untaxed (no rates, no numbers). */
export function contractTaxesOf(content: Pick<ContractContent, 'totalPriceCents' | 'platformFeeCents' | 'taxes'>): ContractTaxesRecord {
  return (
    content.taxes ?? {
      mode: 'ADDED',
      ownerTaxStatus: 'NOT_STATED',
      owner: { ...untaxed(content.totalPriceCents), gstNumber: null, qstNumber: null },
      platformFee: { ...untaxed(content.platformFeeCents), gstNumber: null, qstNumber: null },
      rates: null,
    }
  );
}

export function contractTaxesView(content: Pick<ContractContent, 'totalPriceCents' | 'platformFeeCents' | 'taxes'>): ContractTaxes {
  const { rates, ...taxes } = contractTaxesOf(content);
  return { ...taxes, gstRate: rates?.gst ?? null, qstRate: rates?.qst ?? null, ratesSince: rates?.since ?? null };
}

/** The owner's price as the form shows it again: in the version's tax mode. */
export const priceOfVersion = (content: Pick<ContractContent, 'totalPriceCents' | 'platformFeeCents' | 'taxes'>): number => {
  const { mode, owner } = contractTaxesOf(content);
  return mode === 'ADDED' ? owner.baseCents : owner.totalCents;
};
