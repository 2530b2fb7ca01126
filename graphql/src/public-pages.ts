// The public pages search engines should index: prerendered at build in both languages (web/scripts/prerender.ts),
// served as static HTML by both hosts (infra/local/static-files.ts, infra/aws/spa-rewrite.js), listed in the
// sitemap (functions/handlers/seo.ts) with their language alternates. Adding a page is one line here, plus its
// description `seo.descriptions.<name>` in web/src/locales/{fr,en}/common.json.

import { STORAGE_KEYS } from './constants';
import { DEFAULT_UI_LANGUAGE, UI_LANGUAGES, type UiLanguage } from './enums';

export const PUBLIC_PAGES = [
  { path: '/accueil', name: 'landing' },
  { path: '/annonces', name: 'adList' },
  { path: '/equipement-a-partager', name: 'shareEquipment' },
  { path: '/recherche-d-equipement', name: 'findEquipment' },
  { path: '/a-propos', name: 'about' },
  { path: '/faq', name: 'faq' },
  { path: '/nous-joindre', name: 'contact' },
  { path: '/connexion', name: 'login' },
  { path: '/inscription', name: 'signUp' },
  { path: '/confidentialite', name: 'privacy' },
] as const satisfies readonly { path: `/${string}`; name: string }[];

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/** Where the build writes a public page's HTML in one language, relative to the web root (web/dist). */
export const prerenderedFile = (path: string, language: UiLanguage): string => `/prerendered/${language}${path}.html`;

/** The language a page is asked in: `?lang=en` is English, anything else the default (the hreflang URLs). */
export function requestedLanguage(lang: string | null | undefined): UiLanguage {
  return UI_LANGUAGES.find((language) => language === lang) ?? DEFAULT_UI_LANGUAGE;
}

/** A page's URL in one language: French (the default) at the plain path, English with `?lang=en`. */
export const pageUrlIn = (origin: string, path: string, language: UiLanguage): string =>
  language === DEFAULT_UI_LANGUAGE ? `${origin}${path}` : `${origin}${path}?lang=${language}`;

/**
 * How long CloudFront keeps a page the server painted (functions/handlers/seo.ts; browsers ask again each
 * time). Every answer is a visitor's view (the server never knows who asks: sessions live in the browser),
 * so one copy serves everyone; a signed-in reader's view arrives after the app starts. An edit shows
 * within this time.
 */
export const PAGE_SHARED_MAX_AGE_SECONDS = 60;

/** The id of the element holding the answers a page painted by the server was rendered with (web/src/lib/api/page-data.ts). */
export const PAGE_DATA_ID = 'page-data';

/** The attribute the check sets on <html>: the app's CSS hides the prerendered content while it is there. */
export const PRERENDER_STALE_ATTRIBUTE = 'data-prerender-stale';

/**
 * Run before the first paint of a prerendered page (an inline script in its <head>, allowed by its hash in the
 * CSP): a visitor whose language (the `lang` parameter, else the stored choice, else French; web/src/lib/i18n/language.ts)
 * is not the page's must not see the other language flash, so the page is hidden until the app renders it.
 * A `lang` parameter is remembered at once, as the app does when it starts: a link of the painted page followed
 * before the app has loaded (after its first paint) opens the next page in that language too.
 */
export const PRERENDER_LANGUAGE_CHECK = `(function(){try{var d=document.documentElement,p=new URLSearchParams(location.search).get('lang'),t=${JSON.stringify(
  STORAGE_KEYS.locale,
)},k=${JSON.stringify(UI_LANGUAGES)};if(k.indexOf(p)>=0)localStorage.setItem(t,p);var s=localStorage.getItem(t),l=k.indexOf(p)>=0?p:k.indexOf(s)>=0?s:${JSON.stringify(DEFAULT_UI_LANGUAGE)};if(l!==d.lang)d.setAttribute(${JSON.stringify(PRERENDER_STALE_ATTRIBUTE)},'')}catch(e){}})()`;

/** Where PAINTED_FORMS_GUARD leaves a submission it held: `{ form, submitter }`, the form's index among #root's forms and the pressed button's name. */
export const PAINTED_SUBMIT_GLOBAL = '__paintedSubmit';

/**
 * Run before the first paint of a page painted ahead (docs/painted-forms.md): until the app has taken the page
 * over (#root loses `data-prerendered`), a form it holds is not submitted by the browser (a GET would put what
 * was typed, a password too, into the address; a POST would leave the page): the submission is kept for the
 * app, which does it once it is there (web/src/lib/painted-forms/). A search form without a secret (GET, its
 * fields named as the results page's URL parameters) goes on to the server, which paints its results.
 */
export const PAINTED_FORMS_GUARD = `document.addEventListener('submit',function(e){var r=document.getElementById('root'),f=e.target;if(!r||!r.hasAttribute('data-prerendered')||!r.contains(f)||(f.getAttribute('method')==='get'&&!f.querySelector('input[type=password]')))return;e.preventDefault();var s=e.submitter;window[${JSON.stringify(PAINTED_SUBMIT_GLOBAL)}]={form:Array.prototype.indexOf.call(r.querySelectorAll('form'),f),submitter:s&&s.name||null}},true)`;

/** The one inline script of a page painted ahead, first in its <head> (allowed by its hash in the CSP). */
export const PRERENDER_HEAD_SCRIPT = `${PRERENDER_LANGUAGE_CHECK};${PAINTED_FORMS_GUARD}`;
