// The pages of an alert e-mail's links (spec §2 /alertes/confirmer/{id}, /alertes/supprimer/{id}),
// open without signing in: the token in the link is the proof. A visit changes nothing: the page asks,
// and only its button acts (issue 23, point 12), since mail scanners open every link of an e-mail and
// would otherwise delete alerts, or confirm one for an address whose owner never asked. The digest's
// one-click unsubscribe (an RFC 8058 POST, functions/handlers/alert-unsubscribe.ts) is the one way to
// act without this page.
import type { TadaDocumentNode } from 'gql.tada';
import type { AlertLinkInput } from '@partage/graphql';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { ApiError } from '../../lib/api/errors';
import { useApiMutation } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { Outcome } from '../../lib/ui/Outcome';
import { CONFIRM_ALERT, DELETE_ALERT_BY_LINK } from './operations';

type LinkOutcome = 'asking' | 'working' | 'done' | 'ALERT_ALREADY_DELETED' | 'INVALID_TOKEN' | 'failed';

interface LinkPageProps<Result> {
  document: TadaDocumentNode<Result, { input: AlertLinkInput }>;
  /** The page's texts in the alerts namespace: `title`, `explain`, `action`, `done`. */
  texts: 'confirm' | 'deleteByLink';
}

function outcomeOf(call: { isIdle: boolean; isPending: boolean; isSuccess: boolean; error: unknown }): LinkOutcome {
  if (call.isIdle) return 'asking';
  if (call.isPending) return 'working';
  if (call.isSuccess) return 'done';
  const code = call.error instanceof ApiError ? call.error.code : null;
  return code === 'ALERT_ALREADY_DELETED' || code === 'INVALID_TOKEN' ? code : 'failed';
}

function LinkPage<Result>({ document, texts }: LinkPageProps<Result>) {
  const { t } = useTranslation('alerts');
  const title = t(`${texts}.title`);
  usePageTitle(title);
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const call = useApiMutation(document);
  // A link without its id or token is refused without asking the server.
  const outcome = !id || !token ? 'INVALID_TOKEN' : outcomeOf(call);
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      {outcome === 'asking' || outcome === 'working' ? (
        <>
          <p>{t(`${texts}.explain`)}</p>
          <button
            type="button"
            className="button"
            aria-disabled={outcome === 'working' || undefined}
            onClick={() => {
              if (!call.isPending) call.mutate({ input: { id, token } });
            }}
          >
            {t(`${texts}.action`)}
          </button>
          {outcome === 'working' && <p role="status">{t('link.working')}</p>}
        </>
      ) : (
        <Outcome tone={outcome === 'done' ? 'success' : 'error'}>
          <p>{t(outcome === 'done' ? `${texts}.done` : `link.${outcome}`)}</p>
          <p>
            <Link to={PATHS.adList}>{t('link.toAds')}</Link>
          </p>
        </Outcome>
      )}
    </div>
  );
}

export const ConfirmAlertPage = () => <LinkPage document={CONFIRM_ALERT} texts="confirm" />;

export const DeleteAlertByLinkPage = () => <LinkPage document={DELETE_ALERT_BY_LINK} texts="deleteByLink" />;
