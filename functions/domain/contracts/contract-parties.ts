// Who a contract's caller is to it: apart from the contracts' use cases so that the ratings, which only
// ask this, carry none of their payment code.

import { getContract } from '../../data/contracts';
import { requireRole, SIGNED_IN, unauthorized, type Identity } from '../identity';
import { roleOf } from './contract-view';

/** The contract and the caller's side of it; UNAUTHORIZED_ACCESS for a third party or a contract that does not exist. */
export async function requireParty(identity: Identity, contractId: string | null | undefined, roles = SIGNED_IN) {
  const userId = requireRole(identity, roles);
  const contract = typeof contractId === 'string' && contractId ? await getContract(contractId) : undefined;
  const role = contract && roleOf(contract, userId, identity.role === 'ADMIN');
  if (!contract || !role) throw unauthorized();
  return { contract, role, userId };
}
