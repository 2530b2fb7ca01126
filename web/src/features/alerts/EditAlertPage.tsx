// /alertes/modifier/{id} (spec §2, USER, own alerts only): the alert form prefilled; a save that
// changes nothing is ignored with the spec's notice (§4), a save that does ends on a completion view.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { ApiError } from '../../lib/api/errors';
import { useApiMutation, useApiQuery } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { Outcome } from '../../lib/ui/Outcome';
import { draftOfAlert } from './alert-draft';
import { fieldRefusals, type AlertFieldsView } from './alert-view';
import { AlertForm } from './AlertForm';
import { ALERT, MY_ALERTS, UPDATE_ALERT } from './operations';
import './alerts.css';

export function EditAlertPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('alerts');
  usePageTitle(t('edit.title'));
  const query = useApiQuery(ALERT, { id });
  // Someone else's alert is refused, a deleted one is gone: either way there is no alert of theirs here.
  const missing =
    query.data?.alert === null ||
    (query.error instanceof ApiError && ['UNAUTHORIZED_ACCESS', 'NOT_FOUND', 'ALERT_ALREADY_DELETED'].includes(query.error.code ?? ''));

  return (
    <div className="page page--narrow">
      <h1>{t('edit.title')}</h1>
      {missing ? (
        <Outcome tone="error">
          <p>{t('edit.notFound')}</p>
          <p>
            <Link to={PATHS.alerts}>{t('edit.toList')}</Link>
          </p>
        </Outcome>
      ) : query.error ? (
        <Outcome tone="error">
          <p>{t('edit.failed')}</p>
          <button type="button" className="button" onClick={() => void query.refetch()}>
            {t('edit.retry')}
          </button>
        </Outcome>
      ) : query.data?.alert ? (
        <AlertEdition alert={query.data.alert} />
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </div>
  );
}

function AlertEdition({ alert }: { alert: AlertFieldsView }) {
  const { t } = useTranslation('alerts');
  const [initial] = useState(() => draftOfAlert(alert));
  const [saved, setSaved] = useState<AlertFieldsView | null>(null);
  const update = useApiMutation(UPDATE_ALERT, { invalidates: [MY_ALERTS, ALERT] });

  if (saved) {
    return (
      <Outcome tone="success">
        <p>{saved.status === 'ACTIVE' ? t('edit.done') : t('edit.donePending', { email: saved.email })}</p>
        <p>
          <Link to={PATHS.alerts}>{t('edit.toList')}</Link>
        </p>
      </Outcome>
    );
  }
  return (
    <AlertForm
      initial={initial}
      submitLabel={t('edit.submit')}
      onSubmit={async (input) => {
        try {
          setSaved((await update.mutateAsync({ input: { ...input, id: alert.id } })).updateAlert);
          return null;
        } catch (error) {
          // The server compares canonical forms (sorted criteria, trimmed texts): it is the judge of "no change".
          if (error instanceof ApiError && error.code === 'NO_CHANGE') {
            notify({ type: 'info', text: 'errors.NO_CHANGE' });
            return null;
          }
          const refused = fieldRefusals(error);
          if (!refused) notifyError(error);
          return refused;
        }
      }}
    />
  );
}
