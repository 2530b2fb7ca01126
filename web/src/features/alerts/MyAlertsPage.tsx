// /alertes (spec §2, USER): the user's alerts, newest first, each with its place, radius in km, state
// and criteria in words; edit, and delete after a confirmation.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { editAlertPath, PATHS } from '../../app/paths';
import { ApiError } from '../../lib/api/errors';
import { useApiMutation, useApiQuery } from '../../lib/api/queries';
import { criteriaInWords } from '../../lib/criteria/criteria-words';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notifyError } from '../../lib/notifications/notify-error';
import { notify } from '../../lib/notifications/store';
import { Dialog } from '../../lib/ui/Dialog';
import type { AlertFieldsView } from './alert-view';
import { DELETE_ALERT, MY_ALERTS } from './operations';
import './alerts.css';

export function MyAlertsPage() {
  const { t } = useTranslation('alerts');
  usePageTitle(t('list.title'));
  const alerts = useApiQuery(MY_ALERTS, {});
  const [deleting, setDeleting] = useState<AlertFieldsView | null>(null);
  const remove = useApiMutation(DELETE_ALERT, {
    invalidates: [MY_ALERTS],
    onSuccess: () => notify({ type: 'success', text: 'alerts:list.deleted' }),
    onError: (error) => {
      // Deleted meanwhile (another tab, the e-mailed link): the list is simply out of date.
      if (error instanceof ApiError && error.code === 'ALERT_ALREADY_DELETED') void alerts.refetch();
      notifyError(error);
    },
  });

  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t('list.title')}</h1>
        <Link to={PATHS.createAlert} className="button">
          {t('list.create')}
        </Link>
      </div>
      {alerts.isPending && <p role="status">{t('loading')}</p>}
      {alerts.isError && (
        <div role="alert">
          <p>{t('list.failed')}</p>
          <button type="button" className="button" onClick={() => void alerts.refetch()}>
            {t('edit.retry')}
          </button>
        </div>
      )}
      {alerts.data?.myAlerts.length === 0 && <p>{t('list.empty')}</p>}
      {alerts.data && alerts.data.myAlerts.length > 0 && (
        <ul className="alert-list">
          {alerts.data.myAlerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} onDelete={() => setDeleting(alert)} />
          ))}
        </ul>
      )}
      <Dialog open={deleting !== null} title={t('list.confirmDelete.title')} onClose={() => setDeleting(null)}>
        <p>{t('list.confirmDelete.body', { place: deleting?.place.label ?? '' })}</p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={() => setDeleting(null)}>
            {t('list.confirmDelete.cancel')}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => {
              if (deleting) remove.mutate({ id: deleting.id });
              setDeleting(null);
            }}
          >
            {t('list.confirmDelete.confirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}

function AlertRow({ alert, onDelete }: { alert: AlertFieldsView; onDelete: () => void }) {
  const { t } = useTranslation(['alerts', 'criteria', 'adFields']);
  const headingId = `alert-${alert.id}`;
  return (
    <li className="alert-card panel">
      <h2 id={headingId} className="alert-card__title">
        {t('alerts:list.around', { place: alert.place.label, radiusKm: alert.radiusKm })}
      </h2>
      <p className={`alert-card__status alert-card__status--${alert.status.toLowerCase()}`}>{t(`alerts:status.${alert.status}`)}</p>
      <ul className="alert-card__criteria">
        {criteriaInWords(t, alert.criteria).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="alert-card__email">
        {/* A sentence per language: mid-sentence French writes "en français", never the option's "Français". */}
        {t(`alerts:list.sentTo.${alert.language}`, { email: alert.email })}
      </p>
      <div className="alert-card__actions">
        <Link to={editAlertPath(alert.id)} className="button button--secondary button--small">
          {t('alerts:list.edit')} <span className="visually-hidden">{alert.place.label}</span>
        </Link>
        <button type="button" className="button button--secondary button--small" onClick={onDelete}>
          {t('alerts:list.delete')} <span className="visually-hidden">{alert.place.label}</span>
        </button>
      </div>
    </li>
  );
}
