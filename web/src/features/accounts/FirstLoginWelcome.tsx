import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphqlRequest, subscribe } from '../../lib/api/graphql';
import { useSession } from '../../lib/auth/session';
import { notifyError } from '../../lib/notifications/notify-error';
import { Dialog } from '../../lib/ui/Dialog';
import { ME, ON_FIRST_LOGIN_MODAL_CLOSED, UPDATE_FIRST_LOGIN_MODAL_CLOSED, type Me } from './operations';

/**
 * The first-login welcome of a USER (spec §2), until they close it. Closing it in one tab closes it in
 * the others (subscription onFirstLoginModalClosed). The invitation to create alerts comes with alerts.
 */
export function FirstLoginWelcome() {
  const session = useSession();
  const userId = session?.role === 'USER' ? session.userId : null;
  const [welcome, setWelcome] = useState<{ userId: string; publicName: string } | null>(null);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    let stopListening = () => {};
    graphqlRequest<{ me: Me | null }>(ME)
      .then(({ me }) => {
        if (!active || !me || me.firstLoginModalClosed) return;
        setWelcome({ userId, publicName: me.profile.publicName });
        stopListening = subscribe(ON_FIRST_LOGIN_MODAL_CLOSED, { id: userId }, () => setWelcome(null));
      })
      .catch(notifyError);
    return () => {
      active = false;
      stopListening();
    };
  }, [userId]);

  if (!welcome || welcome.userId !== userId) return null;
  const close = () => {
    setWelcome(null);
    graphqlRequest(UPDATE_FIRST_LOGIN_MODAL_CLOSED, { input: { firstLoginModalClosed: true } }).catch(notifyError);
  };
  return <WelcomeDialog publicName={welcome.publicName} onClose={close} />;
}

function WelcomeDialog({ publicName, onClose }: { publicName: string; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog open title={t('welcome.title', { name: publicName })} onClose={onClose}>
      <p>{t('welcome.ready')}</p>
      <p>{t('welcome.settings')}</p>
      <div className="dialog__actions">
        <button type="button" className="button" onClick={onClose}>
          {t('welcome.close')}
        </button>
      </div>
    </Dialog>
  );
}
