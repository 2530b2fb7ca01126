// The contracts' one-time jobs (functions/handlers/schedules.ts): what follows a payment (the payout,
// closing and rating reminders scheduled, the receipts; its own retries), the owner's payout after the
// rental starts (and its retries with backoff), and the closing after it ends. It schedules jobs it runs itself: the stack
// names the targets' ARNs from function names known ahead (infra/aws/scheduling.ts), so no cycle.
// The payout and the closing get the host's ports from the composition root (adapters/composition-root.ts).

import { contractPorts } from '../adapters/composition-root';
import { CONTRACT_PAID_JOB, runContractPaid } from '../domain/contracts/contract-payment-events';
import { CLOSE_JOB, PAYOUT_JOB, runClose, runPayout } from '../domain/contracts/contract-payouts';
import { scheduledJobHandler } from './shared/scheduled-job';
import { tracer } from '../adapters/tracing';
import { observed } from './shared/observed';

export const handler = observed(
  'contract-payouts',
  scheduledJobHandler({
    [CONTRACT_PAID_JOB]: (event) => runContractPaid(event.payload),
    [PAYOUT_JOB]: (event) => runPayout(contractPorts, event.payload),
    [CLOSE_JOB]: (event) => runClose(contractPorts, event.payload),
  }),
  { tracer },
);
