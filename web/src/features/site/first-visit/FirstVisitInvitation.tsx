import { useState, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@partage/graphql';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../app/paths';
import { CloseButton } from '../../../lib/ui/CloseButton';
import './first-visit.css';

const closedBefore = () => localStorage.getItem(STORAGE_KEYS.firstVisitModalClosed) !== null;

/**
 * The first-visit invitation (spec §2) for anonymous visitors: subscribe to alerts (no account needed),
 * log in or create an account. The landing page shows it, after its hero, as a region of the page and
 * not a modal dialog: a visitor who opened a shared ad or a search came for that page, and a dialog
 * over it (off-screen buttons on a phone, no way out but a choice) made them sign up or leave.
 * Shown until closed or followed, then never again in this browser.
 */
export function FirstVisitInvitation() {
  const { t } = useTranslation('session');
  // The prerendered page has no browser storage: it holds no invitation, which comes once the app runs.
  const closedEarlier = useSyncExternalStore(
    () => () => undefined,
    closedBefore,
    () => true,
  );
  const [closedNow, setClosedNow] = useState(false);
  if (closedEarlier || closedNow) return null;
  const close = () => {
    localStorage.setItem(STORAGE_KEYS.firstVisitModalClosed, new Date().toISOString());
    setClosedNow(true);
  };
  // Both account pages bring the visitor back to the landing page afterwards.
  const returningHere = (path: string) => `${path}?${new URLSearchParams({ returnPath: PATHS.landing })}`;

  return (
    <section className="first-visit" aria-labelledby="first-visit-title">
      <div className="first-visit__card">
        <h2 id="first-visit-title" className="first-visit__title">
          {t('firstVisit.title')}
        </h2>
        <CloseButton corner label={t('firstVisit.close')} onClick={close} />
        <p>{t('firstVisit.body')}</p>
        <p>{t('firstVisit.invitation')}</p>
        <div className="first-visit__actions">
          <Link to={PATHS.createAlert} className="button" onClick={close}>
            {t('firstVisit.subscribe')}
          </Link>
          <Link to={returningHere(PATHS.signUp)} className="button button--secondary" onClick={close}>
            {t('firstVisit.signUp')}
          </Link>
          <Link to={returningHere(PATHS.login)} className="button button--secondary" onClick={close}>
            {t('firstVisit.login')}
          </Link>
        </div>
      </div>
    </section>
  );
}
