// Both parties' open contract pages follow every change (issue 20): while a contract page or the
// dashboard is shown, the signed-in user listens to their contract events, and what is shown is
// fetched again. Events missed while the connection was down are made up for the same way.
import { useEffect } from 'react';
import { subscribe } from '../../lib/api/graphql';
import { operationName } from '../../lib/api/queries';
import { queryClient } from '../../lib/api/query-client';
import { useSession } from '../../lib/auth/session';
import { MY_RATINGS_TO_GIVE } from '../../lib/ratings/operations';
import { CONTRACT, MY_CONTRACTS, ON_CONTRACT_EVENT } from './operations';

const refresh = (contractId?: string) => {
  void queryClient.invalidateQueries({ queryKey: contractId ? [operationName(CONTRACT), { id: contractId }] : [operationName(CONTRACT)] });
  void queryClient.invalidateQueries({ queryKey: [operationName(MY_CONTRACTS)] });
  void queryClient.invalidateQueries({ queryKey: [operationName(MY_RATINGS_TO_GIVE)] });
};

export function useContractEvents(): void {
  const session = useSession();
  const userId = session?.role === 'USER' ? session.userId : undefined;
  useEffect(() => {
    if (!userId) return;
    return subscribe(
      ON_CONTRACT_EVENT,
      { userId },
      ({ onContractEvent }) => onContractEvent && refresh(onContractEvent.contractId),
      () => refresh(),
    );
  }, [userId]);
}
