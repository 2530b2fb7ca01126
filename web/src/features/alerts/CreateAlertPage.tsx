// /alertes/creer (spec §2): anyone but an administrator (they have no alerts, spec §6) creates an
// alert. The query of a search link prefills the criteria; a signed-in user's address is proposed, so
// their alert is active at once, while any other address waits for its e-mailed confirmation.
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { useApiMutation, useApiQuery } from '../../lib/api/queries';
import { useSession } from '../../lib/auth/session';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { notifyError } from '../../lib/notifications/notify-error';
import { Outcome } from '../../lib/ui/Outcome';
import { draftOfParams, languageOfUi } from './alert-draft';
import { fieldRefusals, type AlertFieldsView } from './alert-view';
import { AlertForm } from './AlertForm';
import { ALERT_OWNER_EMAIL, CREATE_ALERT, MY_ALERTS } from './operations';
import './alerts.css';

export function CreateAlertPage() {
  const session = useSession();
  if (session?.role === 'ADMIN') return <Navigate to={PATHS.root} replace />;
  return session ? <SignedInCreation /> : <AlertCreation email="" />;
}

/** Waits for the user's address before showing the form, so it starts filled. */
function SignedInCreation() {
  const { t } = useTranslation('alerts');
  const me = useApiQuery(ALERT_OWNER_EMAIL, {});
  if (me.isPending) {
    return (
      <div className="page page--narrow">
        <p role="status">{t('loading')}</p>
      </div>
    );
  }
  return <AlertCreation email={me.data?.me?.email ?? ''} />;
}

function AlertCreation({ email }: { email: string }) {
  const { t, i18n } = useTranslation('alerts');
  usePageTitle(t('create.title'));
  const [params] = useSearchParams();
  const [initial] = useState(() => draftOfParams(params, email, languageOfUi(i18n.language)));
  const [created, setCreated] = useState<AlertFieldsView | null>(null);
  const create = useApiMutation(CREATE_ALERT, { invalidates: [MY_ALERTS] });
  const signedIn = useSession() !== null;

  return (
    <div className="page page--narrow">
      <h1>{t('create.title')}</h1>
      {created ? (
        <Outcome tone="success">
          <p>{created.status === 'ACTIVE' ? t('create.active') : t('create.pending', { email: created.email })}</p>
          <p>
            <Link to={signedIn ? PATHS.alerts : PATHS.adList}>{signedIn ? t('create.toList') : t('create.toAds')}</Link>
          </p>
        </Outcome>
      ) : (
        <>
          <p>{t('create.intro')}</p>
          <AlertForm
            initial={initial}
            submitLabel={t('create.submit')}
            onSubmit={async (input) => {
              try {
                setCreated((await create.mutateAsync({ input })).createAlert);
                return null;
              } catch (error) {
                const refused = fieldRefusals(error);
                if (!refused) notifyError(error);
                return refused;
              }
            }}
          />
        </>
      )}
    </div>
  );
}
