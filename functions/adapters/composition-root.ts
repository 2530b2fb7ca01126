// The composition root: where the domain's ports meet the host's adapters (docs/payments.md, "How the
// money core gets its ports"). Each adapter is the one its port chooses from the environment, on first
// use (chosen-once.ts): in AWS DynamoDB, Stripe, EventBridge Scheduler and SES; on the local host the
// same table on DynamoDB Local, and the simulator, the table's scheduler and the outbox that the local
// host's root registers (local-host.ts), so no Lambda bundle carries a local adapter. Every call reaches
// its adapter when it is made, never before: building the ports costs nothing (no secret read), and a
// clock installed or scoped for a piece of work (clock.ts) is the one read.
// Handlers pass these ports to the use cases that take them; a use case never imports this module
// (the domain files not yet migrated do, as they found their adapters before).

import { getContract, replaceContract } from '../data/contracts';
import { armsLengthTransactionUpdates } from '../data/ratings';
import { getUser } from '../data/users';
import { now } from '../domain/clock';
import { announceContractStep } from '../domain/contracts/contract-notices';
import type { ContractPorts } from '../domain/contracts/contract-ports';
import { countMetric } from './metrics';
import { paymentProvider } from './payment-provider';
import { scheduler } from './scheduler';

export const contractPorts: ContractPorts = {
  contracts: {
    get: (contractId) => getContract(contractId),
    replace: async (before, next, options) =>
      replaceContract(
        before,
        next,
        options?.countTransactionAt ? await armsLengthTransactionUpdates(before, options.countTransactionAt) : [],
      ),
    payee: async (userId) => {
      const user = await getUser(userId);
      return user && { paymentAccountId: user.paymentAccountId ?? null, suspended: user.lockedOut };
    },
  },
  payments: {
    checkoutCharge: async (sessionId) => (await paymentProvider()).checkoutCharge(sessionId),
    createTransfer: async (request) => (await paymentProvider()).createTransfer(request),
    findTransfer: async (transferGroup) => (await paymentProvider()).findTransfer(transferGroup),
  },
  scheduler: { scheduleOnce: (schedule) => scheduler().scheduleOnce(schedule) },
  clock: { now },
  notices: { announce: (contract, kind, actorId) => announceContractStep(contract, kind, actorId) },
  metrics: { count: (metric) => countMetric(metric) },
};
