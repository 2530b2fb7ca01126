// A contract's status as a badge (the dashboard, the contract's page, the administrators' list): its
// name in words with an icon of its own and a style of its own (border, colours of sufficient
// contrast), so that statuses differ by shape and words, not by colour alone.
import { useTranslation } from 'react-i18next';
import type { ContractStatus } from '@partage/graphql';

/** Each status's icon (16 × 16, stroked): a clock, a check, a check in a circle, a flag, a cross, an arrow back. */
const ICONS: Record<ContractStatus, string> = {
  SUBMITTED: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM8 4.5V8l2.5 1.5',
  PAID: 'M3 8.5l3 3 7-7',
  PAYOUT_DONE: 'M8 2a6 6 0 1 0 0 12A6 6 0 0 0 8 2zM5 8.2l2 2 4-4',
  CLOSED: 'M4 14V2.5h8l-2 3 2 3H4',
  CANCELLED: 'M4 4l8 8M12 4l-8 8',
  REFUNDED: 'M6 3L2.5 6.5 6 10M3 6.5h6.5a3.5 3.5 0 0 1 0 7H7',
};

/** `cancelled`: the tenant cancelled the paid rental; it reads as cancelled unless all of it went back (REFUNDED). */
export function ContractStatusBadge({ status: stored, cancelled = false }: { status: ContractStatus; cancelled?: boolean }) {
  const { t } = useTranslation('contracts');
  const status = cancelled && stored !== 'REFUNDED' ? 'CANCELLED' : stored;
  return (
    <span className={`contract-status contract-status--${status}`}>
      <svg className="contract-status__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
        <path d={ICONS[status]} />
      </svg>
      {t(`status.${status}`)}
    </span>
  );
}
