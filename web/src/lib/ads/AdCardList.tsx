import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdCard } from './AdCard';
import type { AdCardView } from './card-view';
import { useLoadMoreFocus } from './load-more-focus';
import type { AdPages } from './use-ad-pages';

interface AdCardListProps<Item extends { id: string }> {
  pages: AdPages<Item>;
  /** What AdCard shows of an item (card-view.ts); null: the item has no card, `noCard` shows it. */
  card: (item: Item) => AdCardView | null;
  /** An item without a card (a favourite whose ad is no longer published). */
  noCard?: (item: Item) => ReactNode;
  /** Said when the list is empty. */
  empty: ReactNode;
  /** What a page adds to each card (state, actions). */
  extra?: (item: Item) => ReactNode;
  headingLevel?: 2 | 3;
  /** False: the cards have no heart (AdCard). */
  favourite?: boolean;
}

/** What takes focus in each item after "load more": its card's title link, or what an item without a card marks so. */
const AD_CARD_LIST_FOCUS = '.ad-card__title a, [data-list-focus]';

/** Ads as a grid of cards, with "load more"; the first card of a new page takes focus, so keyboard users go on reading there. */
export function AdCardList<Item extends { id: string }>({
  pages,
  card,
  noCard,
  empty,
  extra,
  headingLevel,
  favourite,
}: AdCardListProps<Item>) {
  const { t } = useTranslation('ads');
  const list = useRef<HTMLUListElement>(null);
  const count = pages.items?.length ?? 0;
  const focus = useLoadMoreFocus(list, count, AD_CARD_LIST_FOCUS);

  if (pages.failed && !pages.items) return <AdListFailure onRetry={pages.retry} />;
  if (!pages.items)
    return (
      <p role="status" className="page-loading">
        {t('common:loading')}
      </p>
    );
  if (pages.items.length === 0) return <div className="ad-list__empty">{empty}</div>;
  return (
    <>
      <ul className="ad-grid" ref={list}>
        {pages.items.map((item) => {
          const view = card(item);
          return (
            <li key={item.id}>
              {view ? (
                <AdCard ad={view} headingLevel={headingLevel} favourite={favourite}>
                  {extra?.(item)}
                </AdCard>
              ) : (
                noCard?.(item)
              )}
            </li>
          );
        })}
      </ul>
      <p role="status" className="ad-list__status">
        {pages.loadingMore ? t('common:loading') : t('list.count', { count })}
      </p>
      {pages.hasMore && <LoadMoreButton onClick={focus.before} pages={pages} />}
      {pages.failed && <AdListFailure onRetry={pages.retry} />}
    </>
  );
}

/** A page of ads that could not be loaded (the first, or one more), with a way to try again. */
export function AdListFailure({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('ads');
  return (
    <p role="alert" className="notice notice--error">
      {t('list.failed')}{' '}
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('list.retry')}
      </button>
    </p>
  );
}

/** "Load more": `onClick` runs first (the focus keeper notes where the new items start). */
export function LoadMoreButton({ pages, onClick }: { pages: Pick<AdPages<unknown>, 'loadMore'>; onClick: () => void }) {
  const { t } = useTranslation('ads');
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        onClick();
        pages.loadMore();
      }}
    >
      {t('list.loadMore')}
    </button>
  );
}
