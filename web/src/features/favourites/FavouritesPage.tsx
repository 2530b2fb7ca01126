// /favoris (issue 23, USER or ADMIN): the ads the user saved with a heart, newest saved first, page by
// page. A favourite whose ad is no longer published stays listed, under the title it had when saved,
// with no link to a page that would not be found, and a button that removes it.
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { AdCard } from '../../lib/ads/AdCard';
import { AdListFailure, LoadMoreButton } from '../../lib/ads/AdCardList';
import { AD_CARD_NAMESPACES, cardOfSummary, readSummary } from '../../lib/ads/card-view';
import { useLoadMoreFocus } from '../../lib/ads/load-more-focus';
import { pickText, readerLanguage } from '../../lib/ads/localized-text';
import { useAdPages } from '../../lib/ads/use-ad-pages';
import type { ResultOf } from '../../lib/api/documents';
import { MY_FAVOURITES } from '../../lib/favourites/operations';
import { useToggleFavourite } from '../../lib/favourites/use-favourites';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import './favourites.css';

type Favourite = ResultOf<typeof MY_FAVOURITES>['myFavourites']['items'][number];

// What takes focus after "load more": a card's title link, or the remove button of an ad no longer published.
const ITEM_FOCUS = '.ad-card__title a, .favourite-gone button';

export function FavouritesPage() {
  const { t } = useTranslation(['favourites', ...AD_CARD_NAMESPACES]);
  usePageTitle(t('title'));
  const pages = useAdPages(MY_FAVOURITES, {}, (answer) => answer.myFavourites);
  const list = useRef<HTMLUListElement>(null);
  const count = pages.items?.length ?? 0;
  const focus = useLoadMoreFocus(list, count, ITEM_FOCUS);

  return (
    <div className="page">
      <h1>{t('title')}</h1>
      {pages.failed && !pages.items && <AdListFailure onRetry={pages.retry} />}
      {!pages.items && !pages.failed && (
        <p role="status" className="page-loading">
          {t('common:loading')}
        </p>
      )}
      {pages.items?.length === 0 && (
        <p>
          {t('empty')} <Link to={PATHS.adList}>{t('browse')}</Link>
        </p>
      )}
      {pages.items && pages.items.length > 0 && (
        <>
          <ul className="ad-grid" ref={list}>
            {pages.items.map((favourite) => (
              <li key={favourite.adId}>
                {favourite.ad ? <AdCard ad={cardOfSummary(readSummary(favourite.ad))} /> : <UnpublishedFavourite favourite={favourite} />}
              </li>
            ))}
          </ul>
          <p role="status" className="ad-list__status">
            {pages.loadingMore ? t('common:loading') : t('count', { count })}
          </p>
          {pages.hasMore && <LoadMoreButton onClick={focus.before} pages={pages} />}
          {pages.failed && <AdListFailure onRetry={pages.retry} />}
        </>
      )}
    </div>
  );
}

/** A favourite whose ad is unpublished or deleted: its title, what became of it, and the way to remove it. */
function UnpublishedFavourite({ favourite }: { favourite: Favourite }) {
  const { t, i18n } = useTranslation(['favourites', 'ads']);
  const title = pickText(favourite.title, readerLanguage(i18n.language));
  const titleText = title?.text ?? t('ads:untitled');
  const toggle = useToggleFavourite();
  return (
    <article className="ad-card favourite-gone">
      <div className="ad-card__body">
        <h2 className="ad-card__title" lang={title?.otherLanguage ? title.language : undefined}>
          {titleText}
        </h2>
        <p className="notice notice--info">{t('unpublished')}</p>
        <button
          type="button"
          className="button button--secondary"
          aria-label={t('ads:favourite.remove', { title: titleText })}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ adId: favourite.adId, save: false })}
        >
          {t('ads:favourite.removeShort')}
        </button>
      </div>
    </article>
  );
}
