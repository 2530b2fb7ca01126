import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CONVERSATIONS_PATH } from '../features/chat/paths';
import { useSession } from '../lib/auth/session';
import { AccountMenu } from './AccountMenu';
import { HowItWorksMenu } from './HowItWorksMenu';
import { LanguageToggle } from './LanguageToggle';
import { PATHS } from './paths';

// Each comes with its API code (the GraphQL client, TanStack Query, forms): in chunks of their own, so the
// shell every visitor downloads first holds none of it.
const SignedInDialogs = lazy(() =>
  import('../features/accounts/session-user/SignedInDialogs').then((m) => ({ default: m.SignedInDialogs })),
);
const ConversationsNavEntry = lazy(() =>
  import('../features/chat/live/ConversationsNavEntry').then((m) => ({ default: m.ConversationsNavEntry })),
);
const FirstVisitDialog = lazy(() => import('../features/site/first-visit/FirstVisitDialog').then((m) => ({ default: m.FirstVisitDialog })));

/**
 * The header of every page. Full-screen (marketing) pages show it as the anonymous navigation bar, the
 * others as the app header (spec §2). The marketing entries (about, how it works, contact) are the
 * anonymous bar's: visitors have them everywhere, signed-in users on the full-screen pages only,
 * beside their own entries.
 *
 * Being on every page, it also holds the dialogs that can open on any page: the signed-in user's
 * terms and welcome dialogs, and the first-visit invitation. The invitation waits for the app's pages:
 * the full-screen pages are where a newcomer first reads what the site is, and carry the same links.
 */
export function SiteHeader({ fullScreen }: { fullScreen: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <header className={fullScreen ? 'site-header site-header--full-screen' : 'site-header'}>
        <Link to={PATHS.root} className="site-header__brand">
          {t('app.name')}
        </Link>
        <nav aria-label={t('nav.label')}>
          <ul className="site-header__items">
            {(fullScreen || !session) && (
              <>
                <li>
                  <NavLink to={PATHS.about}>{t('nav.about')}</NavLink>
                </li>
                <li>
                  <HowItWorksMenu />
                </li>
                <li>
                  <NavLink to={PATHS.contact}>{t('nav.contact')}</NavLink>
                </li>
              </>
            )}
            {session ? (
              <>
                <li>
                  <NavLink to={PATHS.adList} end>
                    {t('nav.adList')}
                  </NavLink>
                </li>
                {session.role === 'USER' && (
                  <li>
                    {/* The same link without its unread dot until the entry's code is there: nothing moves. */}
                    <Suspense
                      fallback={
                        <NavLink to={CONVERSATIONS_PATH} className="nav-conversations">
                          {t('nav.conversations')}
                        </NavLink>
                      }
                    >
                      <ConversationsNavEntry userId={session.userId} />
                    </Suspense>
                  </li>
                )}
                {session.role === 'ADMIN' && (
                  <li>
                    <NavLink to={PATHS.users}>{t('nav.manageUsers')}</NavLink>
                  </li>
                )}
                {session.role === 'ADMIN' && (
                  <li>
                    <NavLink to={PATHS.moderation}>{t('nav.moderation')}</NavLink>
                  </li>
                )}
                <li>
                  <AccountMenu session={session} />
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link to={PATHS.login}>{t('nav.login')}</Link>
                </li>
                <li>
                  <Link to={PATHS.signUp} className="button button--small">
                    {t('nav.signUp')}
                  </Link>
                </li>
              </>
            )}
            <li>
              <LanguageToggle />
            </li>
          </ul>
        </nav>
      </header>
      {/* Their words load on first use; nothing shows meanwhile. */}
      <Suspense fallback={null}>{session ? <SignedInDialogs /> : !fullScreen && <FirstVisitDialog />}</Suspense>
    </>
  );
}
