import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { MODERATION_REASON_MAX_LENGTH, required, TAX_RECORD_RETENTION_YEARS } from '@partage/graphql';
import { PATHS } from '../../../app/paths';
import { useApiMutation } from '../../../lib/api/queries';
import { startDownload } from '../../../lib/files/start-download';
import { TextAreaField } from '../../../lib/forms/TextAreaField';
import { useForm } from '../../../lib/forms/use-form';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { Dialog } from '../../../lib/ui/Dialog';
import { ADMIN_DELETE_USER, ADMIN_EXPORT_USER_DATA, PRIVACY_REQUESTS } from '../privacy/operations';
import { USERS } from '../users/operations';
import type { UserDetailData } from './user-detail';

type Action = 'export' | 'delete';

/**
 * A person's privacy requests made to the team (Law 25, docs/privacy.md): their data exported for them,
 * their account deleted (USER accounts), each with how they asked, kept in the log.
 */
export function PrivacyActionsPanel({ user }: { user: UserDetailData }) {
  const { t } = useTranslation('profile');
  const titleId = useId();
  const navigate = useNavigate();
  const [action, setAction] = useState<Action | null>(null);
  const form = useForm({ reason: { rules: [required] } });
  const exportData = useApiMutation(ADMIN_EXPORT_USER_DATA, { invalidates: [PRIVACY_REQUESTS] });
  const deleteUser = useApiMutation(ADMIN_DELETE_USER, { invalidates: [PRIVACY_REQUESTS, USERS] });

  const close = () => {
    setAction(null);
    form.reset();
  };
  const confirm = form.submit(async ({ reason }) => {
    const input = { userId: user.id, reason: reason.trim() };
    try {
      if (action === 'export') {
        const { adminExportUserData } = await exportData.mutateAsync({ input });
        close();
        notify({ type: 'success', text: 'profile:adminUser.privacy.exported' });
        startDownload(adminExportUserData.url);
      } else {
        await deleteUser.mutateAsync({ input });
        close();
        notify({ type: 'success', text: 'profile:adminUser.privacy.deleted' });
        navigate(PATHS.users);
      }
    } catch (error) {
      close();
      notifyError(error, { ACCOUNT_HAS_ACTIVE_CONTRACTS: 'profile:adminUser.privacy.activeContracts' });
    }
  });

  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>{t('adminUser.privacy.title')}</h2>
      <p>{t('adminUser.privacy.body')}</p>
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={() => setAction('export')}>
          {t('adminUser.privacy.export')}
        </button>
        {user.type === 'USER' && (
          <button type="button" className="button button--secondary" onClick={() => setAction('delete')}>
            {t('adminUser.privacy.delete')}
          </button>
        )}
      </div>
      <p>
        <Link to={PATHS.privacyRequests}>{t('adminUser.privacy.log')}</Link>
      </p>
      <Dialog
        open={action !== null}
        title={t(action === 'delete' ? 'adminUser.privacy.deleteTitle' : 'adminUser.privacy.exportTitle', {
          name: user.profile.publicName,
        })}
        onClose={close}
      >
        <form noValidate onSubmit={confirm}>
          <p>
            {action === 'delete'
              ? t('adminUser.privacy.deleteBody', { years: TAX_RECORD_RETENTION_YEARS })
              : t('adminUser.privacy.exportBody')}
          </p>
          <TextAreaField
            label={t('adminUser.privacy.reason')}
            hint={t('adminUser.privacy.reasonHint')}
            maxLength={MODERATION_REASON_MAX_LENGTH}
            rows={3}
            field={form.bind('reason')}
          />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={close}>
              {t('adminUser.privacy.cancel')}
            </button>
            <button type="submit" className="button" aria-disabled={form.submitting || undefined}>
              {t(action === 'delete' ? 'adminUser.privacy.confirmDelete' : 'adminUser.privacy.confirmExport')}
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
