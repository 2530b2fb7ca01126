import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

export const MAIN_CONTENT_ID = 'main-content';

/** Header, the page in <main> (the skip link's target), footer. */
export function PageLayout({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <>
      <SiteHeader fullScreen={fullScreen} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={fullScreen ? 'main main--full-screen' : 'main'}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </>
  );
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <p className="page-loading" role="status">
      {t('loading')}
    </p>
  );
}
