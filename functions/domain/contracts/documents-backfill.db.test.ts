// The one-off backfill of the contracts' numbered documents (docs/payments.md) on DynamoDB Local: a
// contract paid before the documents existed gets its receipt and fee invoice, one refunded since gets
// its credit note, and a second run issues nothing and takes no number.

import { beforeAll, describe, expect, it } from 'vitest';
import { contractDocuments } from '../../data/contract-documents';
import { getContract, replaceContract } from '../../data/contracts';
import {
  givenContract,
  givenPaidContract,
  givenPayableOwner,
  givenUser,
  routeSimulatorWebhooks,
  useTestOutbox,
} from '../../testing/fixtures';
import { backfillContractDocuments } from './documents-backfill';
import { issueContractDocuments } from './contract-documents';

useTestOutbox();

beforeAll(() => {
  process.env.PLATFORM_FEE_BASIS_POINTS = '500';
  const restoreFetch = routeSimulatorWebhooks();
  return () => {
    delete process.env.PLATFORM_FEE_BASIS_POINTS;
    restoreFetch();
  };
});

const kindsOf = async (contractId: string) => (await contractDocuments(contractId)).map((document) => document.id).sort();

describe('backfillContractDocuments', () => {
  it('issues what each paid contract misses, once, and nothing for a contract not paid', async () => {
    const tenant = await givenUser();
    // Paid before the documents existed: the contract-paid job that issues them never ran.
    const { contract: bare } = await givenPaidContract(tenant);
    // Paid with its documents, then given back in full without its credit note (refunded before them).
    const { contract: refunded } = await givenPaidContract(tenant);
    await issueContractDocuments(refunded.id);
    const paid = (await getContract(refunded.id))!;
    const refund = {
      amountCents: paid.payment!.amountCents,
      state: 'SUCCEEDED' as const,
      origin: 'OUTSIDE' as const,
      at: paid.payment!.paidAt,
    };
    await replaceContract(paid, { ...paid, refunds: { re_backfill: refund } });
    const unpaid = await givenContract(tenant, (await givenPayableOwner()).owner);
    expect(await kindsOf(bare.id)).toEqual([]);

    const first = await backfillContractDocuments();
    expect(await kindsOf(bare.id)).toEqual(['fee-invoice', 'receipt']);
    expect(await kindsOf(refunded.id)).toEqual(['credit-1', 'fee-credit-1', 'fee-invoice', 'receipt']);
    expect(await kindsOf(unpaid.id)).toEqual([]);
    expect(first.issued).toBe(4);

    const numbers = async () =>
      (await Promise.all([bare.id, refunded.id].map(contractDocuments)))
        .flat()
        .map((d) => d.number)
        .sort();
    const issued = await numbers();
    expect(await backfillContractDocuments()).toMatchObject({ issued: 0, paidContracts: first.paidContracts });
    expect(await numbers()).toEqual(issued);
  });
});
