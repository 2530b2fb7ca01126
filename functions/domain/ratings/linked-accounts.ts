// Linked accounts (issue 37 §8, docs/ratings.md): the signals that two accounts are one organisation's,
// each recorded where the platform learns it anyway — the card a tenant pays with (the provider's
// `charge.succeeded`), the bank account an owner is paid out to (`account.updated`), the source address
// a contract is proposed and paid from — and the administrators' list of the pairs found. What a pair
// changes (nothing between them counts in reputation) is the reputation's (data/reputation-pairs.ts).

import { assertValid, DELETED_ACCOUNT_NAME, LINKED_ACCOUNTS_PAGE, type LinkedAccountPairPage } from '@partage/graphql';
import { logger } from '../../adapters/log';
import type { ChargePaymentFacts, ConnectedAccountEvent } from '../../adapters/payment-provider';
import { getContract } from '../../data/contracts';
import { linkedPairsPage, recordLinkMark, type LinkSignal } from '../../data/linked-accounts';
import { getUsers } from '../../data/user-directory';
import { now } from '../clock';
import { isInsideAddress } from '../source-address';
import { ADMIN_ONLY, requireRole, type Identity } from '../identity';

async function mark(userId: string, signal: LinkSignal, value: string): Promise<void> {
  const linkedWith = await recordLinkMark(userId, signal, value, now().toISOString());
  if (linkedWith.length > 0) logger().info('accounts linked', { userId, signal, linkedWith });
}

/** A contract's charge succeeded: its card marks the tenant (named by the payment, or read from the contract). */
export async function markCardPayment(charge: ChargePaymentFacts): Promise<void> {
  if (!charge.cardFingerprint) return;
  const tenantId = charge.tenantId ?? (await getContract(charge.contractId))?.tenantId;
  if (tenantId) await mark(tenantId, 'CARD', charge.cardFingerprint);
}

/** An owner's connected account changed: each bank account it is paid out to marks the owner. */
export async function markBankAccounts(account: Pick<ConnectedAccountEvent, 'userId' | 'bankAccountFingerprints'>): Promise<void> {
  await Promise.all(account.bankAccountFingerprints.map((fingerprint) => mark(account.userId, 'BANK_ACCOUNT', fingerprint)));
}

/**
 * The source address a user proposed or paid a contract from, as the rate limits count it (an IPv6 by
 * its /64: the resolvers' sourceAddressOf). Nothing without one (a call built with no address), nor from
 * a loopback or private network's address, which everyone behind that network shares.
 */
export async function markSourceAddress(userId: string, address: string | undefined): Promise<void> {
  if (address && !isInsideAddress(address)) await mark(userId, 'SOURCE_ADDRESS', address);
}

/** ADMIN: the pairs found linked, newest first, each account as it is now. */
export async function linkedAccountPairs(
  identity: Identity,
  { limit, nextToken }: { limit?: number | null; nextToken?: string | null },
): Promise<LinkedAccountPairPage> {
  requireRole(identity, ADMIN_ONLY);
  const size = limit ?? LINKED_ACCOUNTS_PAGE.default;
  assertValid([['limit', Number.isInteger(size) && size >= 1 && size <= LINKED_ACCOUNTS_PAGE.max ? null : 'oneOf']]);
  const page = await linkedPairsPage(size, nextToken);
  const users = new Map((await getUsers([...new Set(page.items.flatMap((pair) => pair.userIds))])).map((user) => [user.id, user]));
  return {
    items: page.items.map((pair) => ({
      firstSeenAt: pair.firstSeenAt,
      signals: pair.signals,
      accounts: pair.userIds.map((id) => {
        const user = users.get(id);
        return {
          id,
          publicName: user?.publicName ?? DELETED_ACCOUNT_NAME,
          email: user?.email ?? null,
          organizationName: user?.organizationName ?? null,
        };
      }),
    })),
    nextToken: page.nextToken,
  };
}
