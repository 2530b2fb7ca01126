import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DELETED_ACCOUNT_NAME } from '@partage/graphql';
import { editUserPath, PATHS } from '../../../app/paths';
import { errorMessageKey } from '../../../lib/api/errors';
import { useApiInfiniteQuery } from '../../../lib/api/queries';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { LoadFailure } from '../../../lib/profile-form/LoadFailure';
import { MoreButton } from '../../../lib/ui/MoreButton';
import { PRIVACY_REQUESTS } from './operations';
import './privacy-requests.css';

/**
 * /gestion-utilisateurs/demandes-confidentialite (ADMIN): every data export and account deletion, by the
 * person or by an administrator on their request, newest first (docs/privacy.md). The log keeps ids
 * only: a deleted account reads as deleted.
 */
export function PrivacyRequestsPage() {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('privacyRequests.title'));
  const log = useApiInfiniteQuery(PRIVACY_REQUESTS, { limit: null }, (page) => page.privacyRequests.nextToken);
  const dates = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'medium', timeStyle: 'short' });
  const requests = log.data?.pages.flatMap((page) => page.privacyRequests.items) ?? [];
  const person = (id: string, name: string) =>
    name === DELETED_ACCOUNT_NAME ? t('privacyRequests.deleted') : <Link to={editUserPath(id)}>{name}</Link>;
  return (
    <div className="page">
      <p>
        <Link to={PATHS.users}>{t('privacyRequests.back')}</Link>
      </p>
      <h1>{t('privacyRequests.title')}</h1>
      <p>{t('privacyRequests.intro')}</p>
      {log.isError ? (
        <LoadFailure failure={errorMessageKey(log.error)} onRetry={log.refetch} />
      ) : log.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : requests.length === 0 ? (
        <p>{t('privacyRequests.empty')}</p>
      ) : (
        <div className="privacy-requests">
          <table>
            <caption>{t('privacyRequests.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('privacyRequests.at')}</th>
                <th scope="col">{t('privacyRequests.kind')}</th>
                <th scope="col">{t('privacyRequests.subject')}</th>
                <th scope="col">{t('privacyRequests.requestedBy')}</th>
                <th scope="col">{t('privacyRequests.status')}</th>
                <th scope="col">{t('privacyRequests.reason')}</th>
              </tr>
            </thead>
            <tbody>
              {requests.map((request) => (
                <tr key={request.id}>
                  <td>
                    <time dateTime={request.at}>{dates.format(new Date(request.at))}</time>
                  </td>
                  <td>{t(`privacyRequests.kinds.${request.kind}`)}</td>
                  <td>{person(request.subjectId, request.subjectName)}</td>
                  <td>
                    {request.byAdministrator
                      ? t('privacyRequests.byAdministrator', { name: request.requestedByName })
                      : t('privacyRequests.byPerson')}
                  </td>
                  <td>{t(`privacyRequests.statuses.${request.status}`)}</td>
                  <td className="privacy-requests__reason">{request.reason ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreButton pages={log} label={t('privacyRequests.more')} />
    </div>
  );
}
