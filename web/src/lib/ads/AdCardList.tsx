import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdCard, type AdCardData } from './AdCard';
import type { AdPages } from './use-ad-pages';

interface AdCardListProps<Item extends { id: string }> {
  pages: AdPages<Item>;
  /** The fields AdCard reads, from an item. */
  card: (item: Item) => AdCardData;
  /** Said when the list is empty. */
  empty: ReactNode;
  /** What a page adds to each card (state, actions). */
  extra?: (item: Item) => ReactNode;
  headingLevel?: 2 | 3;
}

/** Ads as a grid of cards, with "load more"; the first card of a new page takes focus, so keyboard users go on reading there. */
export function AdCardList<Item extends { id: string }>({ pages, card, empty, extra, headingLevel }: AdCardListProps<Item>) {
  const { t } = useTranslation('ads');
  const list = useRef<HTMLUListElement>(null);
  const countBeforeMore = useRef<number | null>(null);
  const count = pages.items?.length ?? 0;

  useEffect(() => {
    const before = countBeforeMore.current;
    if (before === null || count <= before) return;
    countBeforeMore.current = null;
    list.current?.querySelectorAll<HTMLElement>('.ad-card__title a')[before]?.focus();
  }, [count]);

  if (pages.failed && !pages.items) return <ListFailure onRetry={pages.retry} />;
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
        {pages.items.map((item) => (
          <li key={item.id}>
            <AdCard ad={card(item)} headingLevel={headingLevel}>
              {extra?.(item)}
            </AdCard>
          </li>
        ))}
      </ul>
      <p role="status" className="ad-list__status">
        {pages.loadingMore ? t('common:loading') : t('list.count', { count })}
      </p>
      {pages.hasMore && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            countBeforeMore.current = count;
            pages.loadMore();
          }}
        >
          {t('list.loadMore')}
        </button>
      )}
      {pages.failed && <ListFailure onRetry={pages.retry} />}
    </>
  );
}

/** A page of ads that could not be loaded (the first, or one more), with a way to try again. */
function ListFailure({ onRetry }: { onRetry: () => void }) {
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
