import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/auth/session';
import { AccountMenu } from './AccountMenu';
import { LanguageToggle } from './LanguageToggle';
import { PATHS } from './paths';

/**
 * The header of every page. Full-screen (marketing) pages show it as the anonymous navigation bar, the
 * others as the app header (spec §2). Their differing links (about, how it works, contact, ad list,
 * manage users, conversations) belong to screens not built yet, so today both hold the same items.
 */
export function SiteHeader({ fullScreen }: { fullScreen: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <header className={fullScreen ? 'site-header site-header--full-screen' : 'site-header'}>
      <Link to={PATHS.root} className="site-header__brand">
        {t('app.name')}
      </Link>
      <nav aria-label={t('nav.label')}>
        <ul className="site-header__items">
          <li>
            {session ? (
              <AccountMenu />
            ) : (
              <Link to={PATHS.login} className="button button--small">
                {t('nav.login')}
              </Link>
            )}
          </li>
          <li>
            <LanguageToggle />
          </li>
        </ul>
      </nav>
    </header>
  );
}
