// The pages of an alert e-mail's links (spec §2 /alertes/confirmer/{id}, /alertes/supprimer/{id}),
// open without signing in: the token in the link is the proof.
import type { TadaDocumentNode } from 'gql.tada';
import type { AlertLinkInput } from '@partage/graphql';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { ApiError } from '../../lib/api/errors';
import { useApiQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { Outcome } from '../../lib/ui/Outcome';
import { CONFIRM_ALERT, DELETE_ALERT_BY_LINK } from './operations';

type LinkOutcome = 'working' | 'done' | 'ALERT_ALREADY_DELETED' | 'INVALID_TOKEN' | 'failed';

/**
 * The link's call, made once: cached like a query under the alert and token, so React's strict mode
 * running the effect twice, or a remount, shares the one request (never aborted) rather than sending a
 * second deletion that would answer "already deleted" for a deletion that just worked.
 */
function useLinkCall<Result>(document: TadaDocumentNode<Result, { input: AlertLinkInput }>): LinkOutcome {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const call = useApiQuery(
    document,
    { input: { id, token } },
    { enabled: id !== '' && token !== '', staleTime: Infinity, abortable: false },
  );
  if (!id || !token) return 'INVALID_TOKEN';
  if (call.isSuccess) return 'done';
  if (!call.isError) return 'working';
  const code = call.error instanceof ApiError ? call.error.code : null;
  return code === 'ALERT_ALREADY_DELETED' || code === 'INVALID_TOKEN' ? code : 'failed';
}

function LinkPage({ title, outcome, done }: { title: string; outcome: LinkOutcome; done: string }) {
  const { t } = useTranslation('alerts');
  usePageTitle(title);
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      {outcome === 'working' ? (
        <p role="status">{t('link.working')}</p>
      ) : (
        <Outcome tone={outcome === 'done' ? 'success' : 'error'}>
          <p>{outcome === 'done' ? done : t(`link.${outcome}`)}</p>
          <p>
            <Link to={PATHS.adList}>{t('link.toAds')}</Link>
          </p>
        </Outcome>
      )}
    </div>
  );
}

export function ConfirmAlertPage() {
  const { t } = useTranslation('alerts');
  return <LinkPage title={t('confirm.title')} outcome={useLinkCall(CONFIRM_ALERT)} done={t('confirm.done')} />;
}

export function DeleteAlertByLinkPage() {
  const { t } = useTranslation('alerts');
  return <LinkPage title={t('deleteByLink.title')} outcome={useLinkCall(DELETE_ALERT_BY_LINK)} done={t('deleteByLink.done')} />;
}
