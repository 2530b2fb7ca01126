import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenType } from '@partage/graphql';
import type { ResultOf } from '../../../lib/api/documents';
import { useApiQuery } from '../../../lib/api/queries';
import { notifyError } from '../../../lib/notifications/notify-error';
import { linkProblemOf, useEmailLink, type EmailLink, type LinkProblemStatus } from './email-link';
import { LinkProblem } from './LinkProblem';
import { Outcome } from '../../../lib/ui/Outcome';
import { VERIFY_TOKEN } from './operations';

type VerifyTokenUser = NonNullable<NonNullable<ResultOf<typeof VERIFY_TOKEN>['verifyToken']>['user']>;

export interface ValidLink extends EmailLink {
  user: VerifyTokenUser;
  /** For a form whose submission finds the link no longer usable (used meanwhile, expired while typing). */
  reportProblem: (status: LinkProblemStatus) => void;
}

type Check = { status: 'checking' | 'failed' | LinkProblemStatus } | { status: 'VALID'; user: VerifyTokenUser };

interface CheckedLinkProps {
  type: TokenType;
  /** What to offer when the link cannot be used. */
  instead: (status: LinkProblemStatus) => ReactNode;
  /** The page's form, once the link is known to be good. */
  children: (link: ValidLink) => ReactNode;
}

/** The page of an e-mailed link: checks it first (verifyToken), then shows its form or why not. */
export function CheckedLink({ type, instead, children }: CheckedLinkProps) {
  const { t } = useTranslation('access');
  const link = useEmailLink();
  const check = useLinkCheck(type, link);
  const [problem, setProblem] = useState<LinkProblemStatus | null>(null);
  const shown: Check = problem ? { status: problem } : check;

  if (shown.status === 'checking') return <p role="status">{t('link.checking')}</p>;
  if (shown.status === 'failed') return <Outcome tone="error">{t('link.failed')}</Outcome>;
  if (shown.status !== 'VALID') return <LinkProblem status={shown.status}>{instead(shown.status)}</LinkProblem>;
  return children({ ...link, user: shown.user, reportProblem: setProblem });
}

function useLinkCheck(type: TokenType, { email, token }: EmailLink): Check {
  const complete = email !== '' && token !== '';
  const check = useApiQuery(VERIFY_TOKEN, { email, token, type }, { enabled: complete });
  const problem = check.isError ? linkProblemOf(check.error) : null;
  const failed = check.isError && !problem;
  useEffect(() => {
    if (failed) notifyError(check.error);
  }, [failed, check.error]);

  if (!complete) return { status: 'INVALID' };
  if (check.isError) return { status: problem ?? 'failed' };
  if (!check.data) return { status: 'checking' };
  const { verifyToken } = check.data;
  if (verifyToken?.status === 'VALID' && verifyToken.user) return { status: 'VALID', user: verifyToken.user };
  return { status: verifyToken && verifyToken.status !== 'VALID' ? verifyToken.status : 'INVALID' };
}
