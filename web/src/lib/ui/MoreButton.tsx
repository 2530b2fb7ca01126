// "More" under a paged list: the next page, the button announced busy (not disabled, so focus stays on
// it) while that page loads. Nothing once there is no next page.

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

export function MoreButton({ pages, label }: { pages: Pages; label: string }) {
  if (!pages.hasNextPage) return null;
  return (
    <button
      type="button"
      className="button button--secondary"
      aria-disabled={pages.isFetchingNextPage || undefined}
      onClick={() => void pages.fetchNextPage()}
    >
      {label}
    </button>
  );
}
