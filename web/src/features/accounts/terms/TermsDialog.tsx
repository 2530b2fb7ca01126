import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api/errors';
import { useApiMutation } from '../../../lib/api/queries';
import { useVersionDocumentUrls } from '../../../lib/legal/legal-documents';
import { logout } from '../../../lib/auth/session';
import { Dialog } from '../../../lib/ui/Dialog';
import { ME } from '../session-user/operations';
import { reloadSessionUser, type SessionMe } from '../session-user/session-user';
import { ACCEPT_TOS } from './operations';

type AcceptedTos = NonNullable<SessionMe['profile']['acceptedTos']>;

/**
 * The blocking terms dialog (spec §4): while the latest terms are not accepted, the user accepts them
 * or logs out. Neither Escape nor the backdrop closes it.
 */
export function TermsDialog({ acceptedTos, open }: { acceptedTos: AcceptedTos; open: boolean }) {
  const { t, i18n } = useTranslation('session');
  const acceptTos = useApiMutation(ACCEPT_TOS, { invalidates: [ME] });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const version = acceptedTos.latestVersionAvailable;
  const legal = useVersionDocumentUrls(i18n.language, version);

  const accept = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await acceptTos.mutateAsync({ input: { tosVersion: version } });
    } catch (error) {
      // VALIDATION_FAILED: a newer version was published meanwhile; reloading shows it in place.
      setFailure(errorMessageKey(error, { VALIDATION_FAILED: 'session:terms.newerVersion' }));
      await reloadSessionUser();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} title={t('terms.title')} dismissible={false}>
      <p>{t('terms.intro', { version })}</p>
      <p>{t('terms.instructions')}</p>
      {legal ? (
        <ul>
          <li>
            <a href={legal.terms} type="application/pdf" target="_blank" rel="noopener noreferrer">
              {t('terms.termsLink')}
            </a>
          </li>
          <li>
            <a href={legal.privacy} type="application/pdf" target="_blank" rel="noopener noreferrer">
              {t('terms.privacyLink')}
            </a>
          </li>
        </ul>
      ) : (
        <p role="status">{t('common:loading')}</p>
      )}
      {failure && (
        // Inside the dialog: while it is open, the page's notification region is out of reach.
        <p role="alert" className="notice notice--error">
          {t(failure, { ns: 'common' })}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={() => void logout()}>
          {t('terms.logout')}
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void accept()}>
          {t('terms.accept')}
        </button>
      </div>
    </Dialog>
  );
}
