// A person's paged listings read to their end, for what needs all of it at once: their data export, their
// account's deletion, the one-off backfills. Each page is a Query on a key or an index (functions/data/README.md).

import type { AdListState } from '../data/keys';
import { ownerAds, type AdRecord } from '../data/ads';
import { membershipsPage, messagesPage, type MembershipRecord, type MessageRecord } from '../data/chat';
import { partyContracts, type ContractParty, type ContractRecord } from '../data/contracts';

const PAGE = 100;

async function wholeListing<T>(page: (nextToken: string | null) => Promise<{ items: T[]; nextToken: string | null }>): Promise<T[]> {
  const all: T[] = [];
  let nextToken: string | null = null;
  do {
    const read = await page(nextToken);
    all.push(...read.items);
    nextToken = read.nextToken;
  } while (nextToken);
  return all;
}

export const allAdsOf = (userId: string, state: AdListState): Promise<AdRecord[]> =>
  wholeListing(async (nextToken) => {
    const page = await ownerAds(userId, state, PAGE, nextToken);
    return { items: page.ads, nextToken: page.nextToken ?? null };
  });

/** The user's contracts on one side. */
export const allContractsOn = (side: ContractParty, userId: string): Promise<ContractRecord[]> =>
  wholeListing(async (nextToken) => {
    const page = await partyContracts(side, userId, PAGE, nextToken);
    return { items: page.contracts, nextToken: page.nextToken };
  });

/** The user's contracts on both sides, each with the side the user is on. */
export async function allContractsOf(userId: string): Promise<{ contract: ContractRecord; side: ContractParty }[]> {
  const sides: ContractParty[] = ['OWNER', 'TENANT'];
  const lists = await Promise.all(sides.map(async (side) => (await allContractsOn(side, userId)).map((contract) => ({ contract, side }))));
  return lists.flat();
}

export const allMembershipsOf = (userId: string): Promise<MembershipRecord[]> =>
  wholeListing((nextToken) => membershipsPage(userId, PAGE, nextToken));

/** A conversation's messages, oldest first. */
export const allMessagesOf = async (conversationId: string): Promise<MessageRecord[]> =>
  (await wholeListing((nextToken) => messagesPage(conversationId, PAGE, nextToken))).reverse();
