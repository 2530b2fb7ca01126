import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkProblemStatus } from './email-link';
import { Outcome } from '../../../lib/ui/Outcome';

/** Says why an e-mailed link cannot be used; `children` say what to do instead. */
export function LinkProblem({ status, children }: { status: LinkProblemStatus; children: ReactNode }) {
  const { t } = useTranslation('access');
  return (
    <Outcome tone="error">
      <p>{t(`link.${status}`)}</p>
      {children}
    </Outcome>
  );
}
