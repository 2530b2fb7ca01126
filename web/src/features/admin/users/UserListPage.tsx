import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { useUserPages } from './use-user-pages';
import { UserSearchForm } from './UserSearchForm';
import { UserTable } from './UserTable';
import './users.css';

/** The search in the address, so that back and forward go through searches and a search can be shared. */
const SEARCH_PARAM = 'recherche';

/** /gestion-utilisateurs (spec §2, ADMIN): users newest first, searchable, 20 a page. */
export function UserListPage() {
  const { t } = useTranslation('admin');
  usePageTitle(t('users.title'));
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM)?.trim() ?? '';
  return (
    <div className="page">
      <div className="page-heading">
        <h1>{t('users.title')}</h1>
        <div className="form-actions">
          <Link to={PATHS.createAdmin} className="button">
            {t('users.createAdmin')}
          </Link>
          <Link to={PATHS.createUser} className="button button--secondary">
            {t('users.createUser')}
          </Link>
          <Link to={PATHS.privacyRequests} className="button button--secondary">
            {t('users.privacyRequests')}
          </Link>
          <Link to={PATHS.linkedAccounts} className="button button--secondary">
            {t('users.linkedAccounts')}
          </Link>
        </div>
      </div>
      <UserSearchForm search={search} onSearch={(term, { replace }) => setParams(term ? { [SEARCH_PARAM]: term } : {}, { replace })} />
      <UserResults search={search} />
    </div>
  );
}

function UserResults({ search }: { search: string }) {
  const { t } = useTranslation('admin');
  const pages = useUserPages(search);
  const { users, loading, failed } = pages;

  const summary = loading
    ? t('common:loading')
    : failed
      ? t('users.loadFailed')
      : users?.length
        ? t('users.summary', { count: users.length, page: pages.pageNumber })
        : search
          ? t('users.noMatch', { search })
          : t('users.empty');

  return (
    <>
      {/* Always present, so each new page or search result is announced. */}
      <p role="status" className="user-results__summary">
        {summary}
      </p>
      {failed && (
        <button type="button" className="button button--secondary" onClick={pages.retry}>
          {t('users.retry')}
        </button>
      )}
      {users && users.length > 0 && <UserTable users={users} busy={loading} />}
      {(pages.hasPrevious || pages.hasNext || pages.pageNumber > 1) && (
        <nav aria-label={t('users.pagination')} className="form-actions user-results__pages">
          {/* aria-disabled rather than disabled: the button keeps focus on the last page. */}
          <button type="button" className="button button--secondary" aria-disabled={!pages.hasPrevious} onClick={pages.previous}>
            {t('users.previous')}
          </button>
          <button type="button" className="button button--secondary" aria-disabled={!pages.hasNext} onClick={pages.next}>
            {t('users.next')}
          </button>
        </nav>
      )}
    </>
  );
}
