import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_UI_LANGUAGE, UI_LANGUAGES } from '@partage/graphql';
import { applyHeadTags, headTagsOf } from './head-tags';

/** Keeps the description, canonical URL and language alternates of the page shown in the reader's language. */
export function HeadTags() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const language = UI_LANGUAGES.find((candidate) => candidate === i18n.language) ?? DEFAULT_UI_LANGUAGE;
  useEffect(() => {
    applyHeadTags(document, headTagsOf(pathname, language, window.location.origin, t));
  }, [pathname, language, t]);
  return null;
}
