import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
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

/**
 * The header of every page. Full-screen (marketing) pages show it as the anonymous navigation bar, the
 * others as the app header (spec §2). The marketing entries (about, how it works, contact) are the
 * anonymous bar's: visitors have them everywhere, signed-in users on the full-screen pages only,
 * beside their own entries.
 *
 * Being on every page, it also holds the dialogs that can open on any page: the signed-in user's
 * terms and welcome dialogs. (Visitors' first-visit invitation is a part of the landing page.)
 */
export function SiteHeader({ fullScreen }: { fullScreen: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menu = useNavigationMenu(menuButton);
  return (
    <>
      <header className={fullScreen ? 'site-header site-header--full-screen' : 'site-header'}>
        <Link to={PATHS.root} className="site-header__brand">
          {t('app.name')}
        </Link>
        <nav aria-label={t('nav.label')} onKeyDown={menu.closeOnEscape}>
          {/* Phones: the entries fold behind this button (site-header__items--open), else they took four rows. */}
          <button
            ref={menuButton}
            type="button"
            className="site-header__menu-button"
            aria-expanded={menu.open}
            aria-controls={menu.listId}
            onClick={menu.toggle}
          >
            {t('nav.menu')}
          </button>
          <ul
            id={menu.listId}
            className={menu.open ? 'site-header__items site-header__items--open' : 'site-header__items'}
            // A followed link closes it at once, without waiting for the next page's chunk.
            onClick={(event) => (event.target as Element).closest('a') && menu.close()}
          >
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
            {/* Visitors too: the ads are what most come for. */}
            <li>
              <NavLink to={PATHS.adList} end>
                {t('nav.adList')}
              </NavLink>
            </li>
            {session ? (
              <>
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
      <Suspense fallback={null}>{session && <SignedInDialogs />}</Suspense>
    </>
  );
}

/**
 * The phone's navigation menu: a disclosure, open on the page where it was opened (a new page, a
 * followed link or Escape closes it; Escape gives the focus back to its button).
 */
function useNavigationMenu(button: RefObject<HTMLButtonElement | null>) {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  return {
    open,
    listId: useId(),
    toggle: () => setOpenOn(open ? null : location.key),
    close: () => setOpenOn(null),
    closeOnEscape: (event: KeyboardEvent) => {
      // The account and "how it works" menus inside close themselves first.
      if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
      setOpenOn(null);
      button.current?.focus();
    },
  };
}
