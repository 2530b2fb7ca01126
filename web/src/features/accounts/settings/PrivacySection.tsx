import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { DATA_EXPORT_HOURS, required, TAX_RECORD_RETENTION_YEARS } from '@partage/graphql';
import { ApiError, errorMessageKey } from '../../../lib/api/errors';
import { useApiMutation, useApiQuery } from '../../../lib/api/queries';
import { logout } from '../../../lib/auth/session';
import { startDownload } from '../../../lib/files/start-download';
import { serverFieldErrors } from '../../../lib/forms/server-errors';
import { SubmitButton } from '../../../lib/forms/SubmitButton';
import { TextField } from '../../../lib/forms/TextField';
import { useForm } from '../../../lib/forms/use-form';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { LoadFailure } from '../../../lib/profile-form/LoadFailure';
import { Dialog } from '../../../lib/ui/Dialog';
import { DELETE_MY_ACCOUNT, MY_DATA_EXPORTS, REQUEST_MY_DATA_EXPORT } from './privacy-operations';

/** /parametres (USER): their data in one file, and the deletion of their account (Law 25; docs/privacy.md). */
export function PrivacySection() {
  const { t } = useTranslation('accounts');
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>{t('settings.privacy.title')}</h2>
      <DataExports />
      <AccountDeletion />
    </section>
  );
}

function DataExports() {
  const { t, i18n } = useTranslation('accounts');
  const exports = useApiQuery(MY_DATA_EXPORTS, {});
  const requestExport = useApiMutation(REQUEST_MY_DATA_EXPORT, { invalidates: [MY_DATA_EXPORTS] });
  const dates = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'long', timeStyle: 'short' });
  const kept = exports.data?.myDataExports ?? [];

  const download = async () => {
    if (requestExport.isPending) return;
    try {
      const { requestMyDataExport } = await requestExport.mutateAsync({});
      notify({ type: 'success', text: 'accounts:settings.privacy.export.ready' });
      startDownload(requestMyDataExport.url);
    } catch (error) {
      notifyError(error);
    }
  };
  // A file's link is short-lived: asked again at the click, so that one opened long ago still works.
  const downloadAgain = async (id: string) => {
    const fresh = (await exports.refetch()).data?.myDataExports.find((kept) => kept.id === id);
    if (fresh) startDownload(fresh.url);
    else notify({ type: 'error', text: 'accounts:settings.privacy.export.expired' });
  };

  return (
    <>
      <p>{t('settings.privacy.export.body', { hours: DATA_EXPORT_HOURS })}</p>
      <button type="button" className="button" aria-disabled={requestExport.isPending || undefined} onClick={() => void download()}>
        {requestExport.isPending ? t('settings.privacy.export.preparing') : t('settings.privacy.export.download')}
      </button>
      {exports.isError ? (
        <LoadFailure failure={errorMessageKey(exports.error)} onRetry={exports.refetch} />
      ) : (
        kept.length > 0 && (
          <ul className="privacy-exports">
            {kept.map(({ id, createdAt, expiresAt }) => (
              <li key={id}>
                {t('settings.privacy.export.kept', { made: dates.format(new Date(createdAt)), until: dates.format(new Date(expiresAt)) })}{' '}
                <button type="button" className="link-button" onClick={() => void downloadAgain(id)}>
                  {t('settings.privacy.export.again', { made: dates.format(new Date(createdAt)) })}
                </button>
              </li>
            ))}
          </ul>
        )
      )}
    </>
  );
}

function AccountDeletion() {
  const { t } = useTranslation('accounts');
  const [open, setOpen] = useState(false);
  // A contract of theirs still moves money: said in the dialog, with the way to their contracts.
  const [refused, setRefused] = useState(false);
  const form = useForm({ password: { rules: [required] } });
  const deleteAccount = useApiMutation(DELETE_MY_ACCOUNT);

  const close = () => {
    setOpen(false);
    setRefused(false);
    form.reset();
  };
  const confirm = async ({ password }: { password: string }) => {
    try {
      await deleteAccount.mutateAsync({ input: { password } });
      close();
      notify({ type: 'success', text: 'accounts:settings.privacy.delete.done' });
      // The server ended every session already; this one leaves for the landing page.
      await logout();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'ACCOUNT_HAS_ACTIVE_CONTRACTS') {
        setRefused(true);
        return;
      }
      const fieldErrors = serverFieldErrors(error, ['password'] as const, { INCORRECT_PASSWORD: 'password' });
      if (fieldErrors) form.showErrors(fieldErrors);
      else notifyError(error);
    }
  };

  return (
    <>
      <h3>{t('settings.privacy.delete.title')}</h3>
      <p>{t('settings.privacy.delete.body')}</p>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('settings.privacy.delete.open')}
      </button>
      <Dialog open={open} title={t('settings.privacy.delete.dialogTitle')} onClose={close}>
        <form noValidate onSubmit={form.submit(confirm)}>
          <p>{t('settings.privacy.delete.removed')}</p>
          <p>{t('settings.privacy.delete.keptIntro')}</p>
          <ul>
            <li>{t('settings.privacy.delete.keptConversations')}</li>
            <li>{t('settings.privacy.delete.keptContracts', { years: TAX_RECORD_RETENTION_YEARS })}</li>
            <li>{t('settings.privacy.delete.keptRatings')}</li>
            <li>{t('settings.privacy.delete.keptRecord')}</li>
          </ul>
          <p>
            <Link to={PATHS.privacy}>{t('settings.privacy.delete.policy')}</Link>
          </p>
          {refused && (
            <div role="alert" className="notice notice--error">
              <p>{t('common:errors.ACCOUNT_HAS_ACTIVE_CONTRACTS')}</p>
              <Link to={PATHS.dashboard}>{t('settings.privacy.delete.dashboard')}</Link>
            </div>
          )}
          <TextField
            label={t('settings.privacy.delete.password')}
            hint={t('settings.privacy.delete.passwordHint')}
            type="password"
            autoComplete="current-password"
            field={form.bind('password')}
          />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={close}>
              {t('settings.privacy.delete.cancel')}
            </button>
            <SubmitButton busy={form.submitting}>{t('settings.privacy.delete.confirm')}</SubmitButton>
          </div>
        </form>
      </Dialog>
    </>
  );
}
