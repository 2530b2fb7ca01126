import { useState } from 'react';
import { STORAGE_KEYS } from '@partage/graphql';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../app/paths';
import { Dialog } from '../../../lib/ui/Dialog';

/** Pages where the visitor is already logging in, signing up or following an e-mailed link. */
const ACCOUNT_PAGES: readonly string[] = [
  PATHS.login,
  PATHS.signUp,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.resendConfirmation,
  PATHS.confirmEmail,
  PATHS.adminRegistration,
];

/** Where the visitor is already making an alert or following an alert e-mail's link: nothing to invite to. */
const onAlertPage = (pathname: string) => pathname === PATHS.alerts || pathname.startsWith(`${PATHS.alerts}/`);

/**
 * The first-visit invitation (spec §2) for anonymous visitors: subscribe to alerts (no account needed),
 * log in, create an account, or later.
 * Shown until closed in any way, then never again in this browser.
 */
export function FirstVisitDialog() {
  const { t } = useTranslation('session');
  const { pathname, search } = useLocation();
  const [closed, setClosed] = useState(() => localStorage.getItem(STORAGE_KEYS.firstVisitModalClosed) !== null);
  const close = () => {
    localStorage.setItem(STORAGE_KEYS.firstVisitModalClosed, new Date().toISOString());
    setClosed(true);
  };
  // Both account pages bring the visitor back here afterwards.
  const returningHere = (path: string) => `${path}?${new URLSearchParams({ returnPath: `${pathname}${search}` })}`;

  return (
    <Dialog open={!closed && !ACCOUNT_PAGES.includes(pathname) && !onAlertPage(pathname)} title={t('firstVisit.title')} onClose={close}>
      <p>{t('firstVisit.body')}</p>
      <p>{t('firstVisit.invitation')}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={close}>
          {t('firstVisit.later')}
        </button>
        <Link to={returningHere(PATHS.login)} className="button button--secondary" onClick={close}>
          {t('firstVisit.login')}
        </Link>
        <Link to={returningHere(PATHS.signUp)} className="button button--secondary" onClick={close}>
          {t('firstVisit.signUp')}
        </Link>
        <Link to={PATHS.createAlert} className="button" onClick={close}>
          {t('firstVisit.subscribe')}
        </Link>
      </div>
    </Dialog>
  );
}
