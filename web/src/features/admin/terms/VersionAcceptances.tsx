import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMS_ACCEPTANCES_PAGE } from '@partage/graphql';
import { Link } from 'react-router-dom';
import { editUserPath } from '../../../app/paths';
import { useApiInfiniteQuery } from '../../../lib/api/queries';
import { TERMS_VERSION_ACCEPTANCES } from './operations';

/** Who accepted `version`, latest first; more rows are added a page at a time. */
export function VersionAcceptances({ version }: { version: string }) {
  const { t, i18n } = useTranslation('terms');
  const titleId = useId();
  const captionId = useId();
  const pages = useApiInfiniteQuery(
    TERMS_VERSION_ACCEPTANCES,
    { version, limit: TERMS_ACCEPTANCES_PAGE.default },
    (page) => page.termsVersionAcceptances?.nextToken,
  );
  const rows = pages.data?.pages.flatMap((page) => page.termsVersionAcceptances?.items ?? []) ?? [];
  const dates = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'medium', timeStyle: 'short' });
  const summary = pages.isPending
    ? t('common:loading')
    : pages.isError
      ? t('acceptances.loadFailed')
      : rows.length === 0
        ? t('acceptances.empty', { version })
        : t('acceptances.summary', { count: rows.length, version });

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{t('acceptances.title', { version })}</h2>
      {/* Always present, so each added page is announced. */}
      <p role="status">{summary}</p>
      {rows.length > 0 && (
        // Focusable so that keyboard users can scroll it when it is wider than the screen.
        <div className="user-table" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table aria-busy={pages.isFetching || undefined}>
            <caption id={captionId}>{t('acceptances.caption', { version })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('acceptances.name')}</th>
                <th scope="col">{t('acceptances.email')}</th>
                <th scope="col">{t('acceptances.organization')}</th>
                <th scope="col">{t('acceptances.acceptedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ user, acceptedAt }) => (
                <tr key={user.id}>
                  <th scope="row">
                    <Link to={editUserPath(user.id)}>{`${user.firstName} ${user.lastName}`.trim() || user.publicName}</Link>
                  </th>
                  <td>{user.email}</td>
                  <td>{user.organizationName || t('acceptances.none')}</td>
                  <td>
                    <time dateTime={acceptedAt}>{dates.format(new Date(acceptedAt))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={pages.isFetchingNextPage || undefined}
          onClick={() => !pages.isFetchingNextPage && void pages.fetchNextPage()}
        >
          {t('acceptances.more')}
        </button>
      )}
      {pages.isError && (
        <button type="button" className="button button--secondary" onClick={() => void pages.refetch()}>
          {t('acceptances.retry')}
        </button>
      )}
    </section>
  );
}
