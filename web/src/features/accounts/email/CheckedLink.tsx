import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenType, VerifyTokenResult, VerifyTokenUser } from '@partage/graphql';
import { graphqlRequest } from '../../../lib/api/graphql';
import { notifyError } from '../../../lib/notifications/notify-error';
import { linkProblemOf, useEmailLink, type EmailLink, type LinkProblemStatus } from './email-link';
import { LinkProblem } from './LinkProblem';
import { Outcome } from './Outcome';
import { VERIFY_TOKEN } from './operations';

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
  const key = `${type} ${email} ${token}`;
  const [result, setResult] = useState<{ key: string; check: Check } | null>(null);

  useEffect(() => {
    if (!complete) return;
    let current = true;
    const settle = (check: Check) => current && setResult({ key, check });
    graphqlRequest<{ verifyToken: VerifyTokenResult | null }>(VERIFY_TOKEN, { email, token, type }).then(
      ({ verifyToken }) => {
        const user = verifyToken?.status === 'VALID' ? verifyToken.user : null;
        settle(
          user ? { status: 'VALID', user } : { status: verifyToken && verifyToken.status !== 'VALID' ? verifyToken.status : 'INVALID' },
        );
      },
      (error: unknown) => {
        const problem = linkProblemOf(error);
        if (!problem) notifyError(error);
        settle({ status: problem ?? 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [complete, key, email, token, type]);

  if (!complete) return { status: 'INVALID' };
  return result?.key === key ? result.check : { status: 'checking' };
}
