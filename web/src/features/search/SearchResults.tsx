// The results of a search, as cards (beside the map) or as a compact list, with "load more". The
// status line is announced politely when a search completes: how many ads, or that none matched.
import { useRef, type ReactNode } from 'react';
import { quebecDay } from '@partage/graphql';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { adDetailPath } from '../../lib/ads/ad-path';
import { AdCard, offerLines } from '../../lib/ads/AdCard';
import { AdListFailure, LoadMoreButton } from '../../lib/ads/AdCardList';
import { cardOfSummary, type AdSummary } from '../../lib/ads/card-view';
import { useLoadMoreFocus } from '../../lib/ads/load-more-focus';
import { pickText, readerLanguage } from '../../lib/ads/localized-text';
import { OtherLanguageNote } from '../../lib/ads/OtherLanguageNote';
import { cardPriceLabel } from '../../lib/ads/price';
import { townLabel } from '../../lib/ads/town-label';
import type { AdPages } from '../../lib/ads/use-ad-pages';
import type { SearchView } from '../../lib/search/search-params';

const RESULT_LINK_CLASS = 'search-result__link';
/** Each result's link, in cards and rows: what "load more" focuses. */
const RESULT_LINK_SELECTOR = `.ad-card__title a, .${RESULT_LINK_CLASS}`;

interface SearchResultsProps {
  pages: AdPages<AdSummary>;
  view: SearchView;
  highlightedId: string | null;
  onHighlight: (id: string | null) => void;
  /** Shown with the empty message (a way to widen the search). */
  emptyAction: ReactNode;
}

export function SearchResults({ pages, view, highlightedId, onHighlight, emptyAction }: SearchResultsProps) {
  const { t } = useTranslation(['search', 'ads']);
  const list = useRef<HTMLUListElement>(null);
  const count = pages.items?.length ?? 0;
  const focus = useLoadMoreFocus(list, count, RESULT_LINK_SELECTOR);
  const status =
    pages.items === null
      ? pages.failed
        ? ''
        : t('search:results.searching')
      : count === 0
        ? t('search:results.empty')
        : t('search:results.count', { count });

  return (
    <div className="search-results__list">
      {/* Always in the page, so that assistive technologies announce its changes. */}
      <p role="status" className="search-results__status">
        {pages.loadingMore ? t('common:loading') : status}
      </p>
      {pages.failed && !pages.items && <AdListFailure onRetry={pages.retry} />}
      {pages.items?.length === 0 && (
        <div className="search-results__empty">
          <p>{t('search:results.emptyHint')}</p>
          {emptyAction}
        </div>
      )}
      {pages.items && pages.items.length > 0 && (
        <ul className={view === 'cartes' ? 'ad-grid search-grid' : 'search-rows'} ref={list}>
          {pages.items.map((ad, index) => (
            <li key={ad.id}>
              {view === 'cartes' ? (
                <AdCard
                  ad={cardOfSummary(ad)}
                  headingLevel={3}
                  firstSeen={index === 0}
                  highlighted={ad.id === highlightedId}
                  onHighlight={(on) => onHighlight(on ? ad.id : null)}
                />
              ) : (
                <ResultRow ad={ad} />
              )}
            </li>
          ))}
        </ul>
      )}
      {pages.hasMore && <LoadMoreButton onClick={focus.before} pages={pages} />}
      {pages.failed && pages.items && <AdListFailure onRetry={pages.retry} />}
    </div>
  );
}

/** One result of the list view: title, then category, town and distance, offer and publication date on one line. */
function ResultRow({ ad }: { ad: AdSummary }) {
  const { t, i18n } = useTranslation(['search', 'ads', 'adFields']);
  const language = readerLanguage(i18n.language);
  const title = pickText(ad.title, language);
  const card = cardOfSummary(ad);
  const offer = offerLines(card, (price) => cardPriceLabel(price, language, t))
    .map(({ mode, price }) =>
      price ? t('ads:card.modeWithPrice', { mode: t(`adFields:modes.${mode}`), price }) : t(`adFields:modes.${mode}`),
    )
    .join(' · ');
  return (
    <article className="search-row" data-ad-id={ad.id}>
      <h3 className="search-row__title">
        <Link className={RESULT_LINK_CLASS} to={adDetailPath(ad.path)} lang={title?.otherLanguage ? title.language : undefined}>
          {title?.text ?? t('ads:untitled')}
        </Link>
      </h3>
      <OtherLanguageNote picked={title} />
      <p className="search-row__facts">
        <span>{t(`adFields:categories.${ad.category}`)}</span>
        <span>{townLabel(ad, language, t)}</span>
        {offer && <span>{offer}</span>}
        <span>
          {t('search:results.published', {
            date: quebecDay(ad.publishedAt, language),
          })}
        </span>
      </p>
    </article>
  );
}
