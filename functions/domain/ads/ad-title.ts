// An ad's title in a reader's language, for the e-mails that name it (a module of its own: the e-mails of
// every capability use it, without what the ad's views need).
import type { UiLanguage } from '@partage/graphql';
import type { AdRecord } from '../../data/ads';

/** The ad's title as a reader of `language` is written to: theirs, else the other; empty for an ad gone. */
export const adTitleIn = (ad: Pick<AdRecord, 'content'> | undefined, language: UiLanguage): string =>
  ad?.content.title[language] ?? ad?.content.title.fr ?? ad?.content.title.en ?? '';
