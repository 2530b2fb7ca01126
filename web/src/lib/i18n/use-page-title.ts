import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title of a page, "<page> | <site name>", in the current language. */
export function usePageTitle(pageTitle: string): void {
  const { t } = useTranslation();
  const title = t('app.pageTitle', { page: pageTitle });
  useEffect(() => {
    document.title = title;
  }, [title]);
}
