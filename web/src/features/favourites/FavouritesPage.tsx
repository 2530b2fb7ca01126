// /favoris (issue 23, USER or ADMIN): the ads the user saved with a heart, newest saved first, page by
// page. A favourite whose ad is no longer published stays listed, under the title it had when saved,
// with no link to a page that would not be found, and a button that removes it.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { AdCardList } from '../../lib/ads/AdCardList';
import { AD_CARD_NAMESPACES, cardOfSummary, readSummary } from '../../lib/ads/card-view';
import { pickText, readerLanguage } from '../../lib/ads/localized-text';
import { useAdPages } from '../../lib/ads/use-ad-pages';
import type { ResultOf } from '../../lib/api/documents';
import { MY_FAVOURITES } from '../../lib/favourites/operations';
import { useToggleFavourite } from '../../lib/favourites/use-favourites';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import './favourites.css';

type Favourite = ResultOf<typeof MY_FAVOURITES>['myFavourites']['items'][number] & { id: string };

export function FavouritesPage() {
  const { t } = useTranslation(['favourites', ...AD_CARD_NAMESPACES]);
  usePageTitle(t('title'));
  // Keyed by the ad: a favourite is one per ad.
  const pages = useAdPages(MY_FAVOURITES, {}, ({ myFavourites }) => ({
    items: myFavourites.items.map((favourite): Favourite => ({ ...favourite, id: favourite.adId })),
    nextToken: myFavourites.nextToken,
  }));

  return (
    <div className="page">
      <h1>{t('title')}</h1>
      <AdCardList
        pages={pages}
        card={(favourite) => favourite.ad && cardOfSummary(readSummary(favourite.ad))}
        noCard={(favourite) => <UnpublishedFavourite favourite={favourite} />}
        empty={
          <p>
            {t('empty')} <Link to={PATHS.adList}>{t('browse')}</Link>
          </p>
        }
      />
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
          // After "load more", the list's focus lands here when this is the first new item.
          data-list-focus
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
