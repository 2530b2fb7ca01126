// Loads one ad for a page: loading, not found (no such ad, or not visible to this reader), failed, or ready.
import { useMemo } from 'react';
import type { TadaDocumentNode } from 'gql.tada';
import { ApiError, errorMessageKey } from '../../lib/api/errors';
import { useApiQuery } from '../../lib/api/queries';

export type AdLoad<Ad> =
  { status: 'loading' } | { status: 'notFound' } | { status: 'failed'; failure: string } | { status: 'ready'; ad: Ad };

/** `id` null: the address names no ad. */
export function useAd<Ad>(document: TadaDocumentNode<{ ad: Ad | null }, { id: string }>, id: string | null): [AdLoad<Ad>, () => void] {
  const query = useApiQuery(document, { id: id ?? '' }, { enabled: id !== null });
  const notFound = id === null || (query.error instanceof ApiError && query.error.code === 'NOT_FOUND');
  // Computed once per failure: an unexpected one is logged.
  const failure = useMemo(() => (query.error && !notFound ? errorMessageKey(query.error) : null), [query.error, notFound]);
  const retry = () => void query.refetch();
  if (notFound || query.data?.ad === null) return [{ status: 'notFound' }, retry];
  if (failure) return [{ status: 'failed', failure }, retry];
  return [query.data?.ad ? { status: 'ready', ad: query.data.ad } : { status: 'loading' }, retry];
}
