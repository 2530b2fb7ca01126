import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Receives the page's title while it is prerendered at build (src/prerender.tsx): effects do not run on the
 * server, and the static page needs its <title> in its <head>. Absent in the browser.
 */
export const PageTitleSink = createContext<((title: string) => void) | null>(null);

/** Sets the document title of a page, "<page> | <site name>", in the current language. */
export function usePageTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const title = t('app.pageTitle', { page: pageTitle });
  useContext(PageTitleSink)?.(title);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
