import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DELETED_ACCOUNT_NAME } from '@partage/graphql';
import { editUserPath, PATHS } from '../../../app/paths';
import { errorMessageKey } from '../../../lib/api/errors';
import { useApiInfiniteQuery } from '../../../lib/api/queries';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { LoadFailure } from '../../../lib/profile-form/LoadFailure';
import { MoreButton } from '../../../lib/ui/MoreButton';
import { LINKED_ACCOUNT_PAIRS } from './operations';
import './linked-accounts.css';

/**
 * /gestion-utilisateurs/comptes-lies (ADMIN): the pairs of accounts found to be one organisation's (the
 * same card, bank account or source address), newest first, with each signal and since when
 * (docs/ratings.md): nothing between them counts in reputation.
 */
export function LinkedAccountsPage() {
  const { t, i18n } = useTranslation('admin');
  usePageTitle(t('linkedAccounts.title'));
  const pairs = useApiInfiniteQuery(LINKED_ACCOUNT_PAIRS, { limit: null }, (page) => page.linkedAccountPairs.nextToken);
  const dates = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'medium', timeStyle: 'short' });
  const items = pairs.data?.pages.flatMap((page) => page.linkedAccountPairs.items) ?? [];
  const when = (at: string) => <time dateTime={at}>{dates.format(new Date(at))}</time>;
  return (
    <div className="page">
      <p>
        <Link to={PATHS.users}>{t('linkedAccounts.back')}</Link>
      </p>
      <h1>{t('linkedAccounts.title')}</h1>
      <p>{t('linkedAccounts.intro')}</p>
      {pairs.isError ? (
        <LoadFailure failure={errorMessageKey(pairs.error)} onRetry={pairs.refetch} />
      ) : pairs.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : items.length === 0 ? (
        <p>{t('linkedAccounts.empty')}</p>
      ) : (
        <div className="linked-accounts">
          <table>
            <caption>{t('linkedAccounts.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('linkedAccounts.firstSeen')}</th>
                <th scope="col">{t('linkedAccounts.accounts')}</th>
                <th scope="col">{t('linkedAccounts.signals')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((pair) => (
                <tr key={pair.accounts.map((account) => account.id).join('|')}>
                  <td>{when(pair.firstSeenAt)}</td>
                  <td>
                    <ul>
                      {pair.accounts.map((account) => (
                        <li key={account.id}>
                          {account.publicName === DELETED_ACCOUNT_NAME ? (
                            t('linkedAccounts.deleted')
                          ) : (
                            <>
                              <Link to={editUserPath(account.id)}>{account.publicName}</Link>
                              {[account.organizationName, account.email].filter(Boolean).map((detail) => ` · ${detail}`)}
                            </>
                          )}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <ul>
                      {pair.signals.map(({ signal, since }) => (
                        <li key={signal}>
                          {t(`linkedAccounts.signalNames.${signal}`)} {t('linkedAccounts.since')} {when(since)}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MoreButton pages={pairs} label={t('linkedAccounts.more')} />
    </div>
  );
}
