// The few words of the head tags the server writes for an ad's page (title and Open Graph), in both UI
// languages; the page's content is the web app's own render (web/src/server-render.tsx).

import type { UiLanguage } from '@partage/graphql';

export interface PageTexts {
  siteName: string;
  /** og:locale */
  locale: string;
}

export const PAGE_TEXTS: Record<UiLanguage, PageTexts> = {
  fr: { siteName: "Partage d'équipement alimentaire", locale: 'fr_CA' },
  en: { siteName: 'Food Equipment Sharing', locale: 'en_CA' },
};
