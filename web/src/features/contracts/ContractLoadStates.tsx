// What a contract's pages show instead of the contract: one that does not exist or is someone else's
// (refused alike), and one that could not be loaded.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { ApiError } from '../../lib/api/errors';
import { Outcome } from '../../lib/ui/Outcome';

/** Whether the `contract` query's answer is "no such contract for you": one that does not exist (null) or someone else's. */
export const isContractMissing = (contract: unknown, error: unknown): boolean =>
  contract === null || (error instanceof ApiError && error.code === 'UNAUTHORIZED_ACCESS');

export function ContractMissing({ title }: { title: string }) {
  const { t } = useTranslation('contracts');
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      <Outcome tone="error">
        <p>{t('detail.notFound')}</p>
        <p>
          <Link to={PATHS.dashboard}>{t('toDashboard')}</Link>
        </p>
      </Outcome>
    </div>
  );
}

export function ContractLoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const { t } = useTranslation('contracts');
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      <Outcome tone="error">
        <p>{t('loadFailed')}</p>
        <button type="button" className="button" onClick={onRetry}>
          {t('retry')}
        </button>
      </Outcome>
    </div>
  );
}
