import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { setBeforeLogout } from '../lib/auth/session';
import { usePageViews } from '../lib/telemetry/telemetry';
import { HeadTags } from '../lib/seo/HeadTags';
import { NotificationRegion } from './NotificationRegion';
import { MAIN_CONTENT_ID } from './PageLayout';
import { PATHS } from './paths';
import { StatusBanners } from './StatusBanners';

const focusMainContent = () => document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });

/** What every page has: the skip link first, status banners, notifications. */
export function AppShell() {
  const navigate = useNavigate();
  useEffect(() => setBeforeLogout(() => navigate(PATHS.landing)), [navigate]);
  useFocusMainOnNavigation();
  usePageViews();
  return (
    <>
      <HeadTags />
      <SkipLink />
      <StatusBanners />
      <NotificationRegion />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus, not a hash change: the router owns the address.
        event.preventDefault();
        focusMainContent();
      }}
    >
      {t('nav.skipToContent')}
    </a>
  );
}

/** After following a link, screen-reader and keyboard users start at the new page's content. */
function useFocusMainOnNavigation() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'PUSH') focusMainContent();
  }, [key, navigationType]);
}
