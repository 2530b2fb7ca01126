// Linked accounts on DynamoDB Local with the payment simulator (issue 37 §8, docs/ratings.md): two
// accounts that paid with the same card, are paid out to the same bank account, or proposed and paid
// from the same source address are flagged to administrators, and nothing between them counts in
// reputation — the rentals paid out between them add to no transaction count, their reviews of each
// other are listed but in no average — while an unrelated pair still counts.

import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminContractPage, ContractCheckout, LinkedAccountPairPage, ReviewPage } from '@partage/graphql';
import { actOnCheckout, actOnOnboarding, onboardingVisit } from '../adapters/payment-simulator';
import { paymentProvider } from '../adapters/payment-provider';
import { getContract } from '../data/contracts';
import { SHARED_ADDRESS_USERS } from '../data/linked-accounts';
import { getSimulatorRecord } from '../data/payment-simulator';
import { getReputations } from '../data/ratings';
import { linkPaymentAccount, type UserRecord } from '../data/users';
import { manualClock, now, useClock } from '../domain/clock';
import { payoutDueAt } from '../domain/contracts/contract-money';
import {
  asUser,
  errorCodeOf,
  givenContract,
  givenEndedContract,
  givenPayableOwner,
  givenUser,
  resolverCaller,
  resolverEvent,
  routeSimulatorWebhooks,
  useTestOutbox,
} from '../testing/fixtures';
import { handler as adminHandler } from './admin';
import { handler as contractsHandler } from './contracts';
import { handler as jobs } from './contract-payouts';
import { handler as ratingsHandler } from './ratings';

useTestOutbox();
const admin = resolverCaller(adminHandler);
const rate = resolverCaller(ratingsHandler);
const contracts = resolverCaller(contractsHandler);
const clock = manualClock();
let administrator: UserRecord;

beforeAll(async () => {
  administrator = await givenUser({ role: 'ADMIN' });
  const restoreClock = useClock(clock);
  const restoreFetch = routeSimulatorWebhooks();
  return () => {
    restoreFetch();
    restoreClock();
  };
});

type Payee = { owner: UserRecord; accountId: string };

/** `tenant` accepts a new contract of `payee`'s, from `sourceAddress`, and pays it on the simulator's Checkout with `card`. */
async function paidWith(tenant: UserRecord, payee: Payee, { card, sourceAddress }: { card?: string; sourceAddress?: string } = {}) {
  const contract = await givenContract(tenant, payee.owner);
  const input = { input: { contractId: contract.id, expectedVersion: 1 } };
  const checkout = (await contractsHandler(
    resolverEvent('Mutation.acceptAndPayContract', input, asUser(tenant), sourceAddress),
  )) as ContractCheckout;
  const session = (await getSimulatorRecord('SESSION', new URL(checkout.url).searchParams.get('session')!))!;
  await actOnCheckout(session, 'pay', undefined, card);
  expect((await getContract(contract.id))?.status).toBe('PAID');
  return contract;
}

/** Runs the contract's payout at its due time (the clock moved there). */
async function paidOut(contractId: string) {
  const contract = (await getContract(contractId))!;
  clock.set(new Date(Math.max(now().getTime(), payoutDueAt(contract).getTime())));
  expect(await jobs({ job: 'contract-payout', scheduledAt: now().toISOString(), payload: { contractId } })).toBe('PAID_OUT');
}

/** An owner onboarded on the simulator's pages with `bankAccount` as the account they are paid out to. */
async function onboardedWith(bankAccount: string): Promise<Payee> {
  const owner = await givenUser({ language: 'en' });
  const provider = await paymentProvider();
  const { accountId } = await provider.createConnectedAccount({ userId: owner.id, email: owner.email });
  await linkPaymentAccount(owner.id, accountId);
  const { url } = await provider.createOnboardingLink({ accountId, refreshUrl: 'https://x/refresh', returnUrl: 'https://x/return' });
  await actOnOnboarding((await onboardingVisit(new URL(url).searchParams.get('link')!))!, 'complete', bankAccount);
  return { owner, accountId };
}

const transactions = async (...users: UserRecord[]) =>
  [...(await getReputations(users.map((user) => user.id))).values()].map((reputation) => reputation.transactionsCount);

const linkedPairs = async () =>
  ((await admin('Query.linkedAccountPairs', { limit: 100 }, asUser(administrator))) as LinkedAccountPairPage).items;

/** The flag administrators see for the pair of `a` and `b`, if any. */
const flagOf = async (a: UserRecord, b: UserRecord) =>
  (await linkedPairs()).find((pair) => [a.id, b.id].every((id) => pair.accounts.some((account) => account.id === id)));

/** Both sides rate an ended rental of `tenant`'s from `owner`. */
async function rateBoth(tenant: UserRecord, owner: UserRecord) {
  const { id } = await givenEndedContract(tenant, owner);
  const stars = { respectOfContract: 5, communication: 5, reliability: 5 };
  await rate(
    'Mutation.submitRating',
    { input: { contractId: id, equipment: { compliance: 5, cleanliness: 5, security: 5 }, party: stars } },
    asUser(tenant),
  );
  await rate('Mutation.submitRating', { input: { contractId: id, party: stars } }, asUser(owner));
  clock.advance(1_000);
}

const reviewsOf = async (user: UserRecord) =>
  ((await rate('Query.userReviews', { userId: user.id }, asUser(administrator))) as ReviewPage).items;

describe('accounts linked by a card', () => {
  it('flags an owner and a second account that paid with the same card, and leaves their rental and reviews out of the counts', async () => {
    const [owner, other] = await Promise.all([givenPayableOwner(), givenPayableOwner()]);
    const accomplice = await givenUser();
    // The owner pays a rental from another organisation with their card: an arm's-length rental, counted.
    const armsLength = await paidWith(owner.owner, other, { card: '4000 0012 4000 0000' });
    await paidOut(armsLength.id);
    expect(await transactions(owner.owner, other.owner)).toEqual([1, 1]);
    expect(await flagOf(owner.owner, other.owner)).toBeUndefined();

    // A second account pays the owner's rental with the same card: flagged, the signal and when.
    const selfDealt = await paidWith(accomplice, owner, { card: '4000001240000000' });
    const flag = await flagOf(owner.owner, accomplice);
    expect(flag).toMatchObject({ signals: [{ signal: 'CARD', since: flag!.firstSeenAt }] });
    expect(flag!.accounts.find((account) => account.id === accomplice.id)).toMatchObject({ email: accomplice.email });

    // The administrators' contracts list says so on that rental, not on the arm's-length one.
    const listed = ((await contracts('Query.adminContracts', { filter: 'ALL', limit: 50 }, asUser(administrator))) as AdminContractPage)
      .items;
    const flagOn = (id: string) => listed.find((line) => line.id === id)?.partiesLinked;
    expect([flagOn(selfDealt.id), flagOn(armsLength.id)]).toEqual([true, false]);

    // Paid out all the same, counted for neither.
    await paidOut(selfDealt.id);
    expect((await getContract(selfDealt.id))?.status).toBe('PAYOUT_DONE');
    expect(await transactions(owner.owner, accomplice)).toEqual([1, 0]);

    // Their reviews of each other are listed, not counted; the unrelated pair's (newest first) count.
    await rateBoth(accomplice, owner.owner);
    await rateBoth(owner.owner, other.owner);
    expect((await reviewsOf(owner.owner)).map((review) => review.counted)).toEqual([true, false]);
    expect((await reviewsOf(accomplice)).map((review) => review.counted)).toEqual([false]);
    expect((await reviewsOf(other.owner)).map((review) => review.counted)).toEqual([true]);
    const reputations = await getReputations([owner.owner.id, accomplice.id, other.owner.id]);
    expect([...reputations.values()].map((reputation) => reputation.count)).toEqual([1, 0, 1]);
  });

  it('does not link two tenants who each paid with a card of their own', async () => {
    const payee = await givenPayableOwner();
    const [first, second] = await Promise.all([givenUser(), givenUser()]);
    await paidWith(first, payee);
    await paidWith(second, payee);
    expect(await flagOf(first, second)).toBeUndefined();
    expect(await flagOf(first, payee.owner)).toBeUndefined();
  });
});

describe('accounts linked by a bank account', () => {
  it('flags two owners paid out to the same bank account; their rentals count for neither, a third party’s still count', async () => {
    const [first, second] = [await onboardedWith('00123-004-5556667'), await onboardedWith('001230045556667')];
    const flag = await flagOf(first.owner, second.owner);
    expect(flag?.signals.map((evidence) => evidence.signal)).toEqual(['BANK_ACCOUNT']);

    await paidOut((await paidWith(second.owner, first)).id);
    expect(await transactions(first.owner, second.owner)).toEqual([0, 0]);
    const stranger = await givenUser();
    await paidOut((await paidWith(stranger, second)).id);
    expect(await transactions(first.owner, second.owner, stranger)).toEqual([0, 1, 1]);
  });

  it('does not link owners with bank accounts of their own', async () => {
    const [first, second] = [await onboardedWith('00123-004-1111111'), await onboardedWith('00123-004-2222222')];
    expect(await flagOf(first.owner, second.owner)).toBeUndefined();
  });
});

describe('accounts linked by a source address', () => {
  it('links two accounts that paid from one address, but nobody behind an address many use', async () => {
    const payee = await givenPayableOwner();
    const [first, second] = await Promise.all([givenUser(), givenUser()]);
    await paidWith(first, payee, { sourceAddress: '198.51.100.7' });
    await paidWith(second, payee, { sourceAddress: '198.51.100.7' });
    expect((await flagOf(first, second))?.signals.map((evidence) => evidence.signal)).toEqual(['SOURCE_ADDRESS']);

    // A café's network: past SHARED_ADDRESS_USERS accounts, the next one links nobody.
    const crowd = await Promise.all(Array.from({ length: SHARED_ADDRESS_USERS + 1 }, () => givenUser()));
    for (const user of crowd) await paidWith(user, payee, { sourceAddress: '2001:db8:cafe:1::42' });
    expect(await flagOf(crowd[0]!, crowd[1]!)).toBeDefined();
    expect(await flagOf(crowd[0]!, crowd.at(-1)!)).toBeUndefined();

    // A private network's or the loopback's address is everyone's behind it: it links nobody.
    for (const address of ['10.1.2.3', '::1']) {
      const [one, another] = await Promise.all([givenUser(), givenUser()]);
      await paidWith(one, payee, { sourceAddress: address });
      await paidWith(another, payee, { sourceAddress: address });
      expect(await flagOf(one, another)).toBeUndefined();
    }
  });
});

describe('the administrators’ list', () => {
  it('is for administrators only, newest first', async () => {
    const user = await givenUser();
    expect(errorCodeOf(await admin('Query.linkedAccountPairs', {}, asUser(user)))).toBe('UNAUTHORIZED_ACCESS');
    const pairs = await linkedPairs();
    expect(pairs.map((pair) => pair.firstSeenAt)).toEqual([...pairs.map((pair) => pair.firstSeenAt)].sort().reverse());
  });
});
