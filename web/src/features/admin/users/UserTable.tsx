import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserSummary } from './use-user-pages';
import { editUserPath } from '../../../app/paths';

const fullName = (user: UserSummary) => `${user.firstName} ${user.lastName}`.trim() || user.publicName || user.email;

/** One page of users; each name opens the user's edit screen. Scrolls sideways on a phone. */
export function UserTable({ users, busy }: { users: readonly UserSummary[]; busy: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const captionId = useId();
  const dates = new Intl.DateTimeFormat(`${i18n.language}-CA`, { dateStyle: 'medium' });
  return (
    // Focusable so that keyboard users can scroll it when it is wider than the screen.
    <div className="user-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table aria-busy={busy || undefined}>
        <caption id={captionId}>{t('users.table.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('users.table.name')}</th>
            <th scope="col">{t('users.table.email')}</th>
            <th scope="col">{t('users.table.organization')}</th>
            <th scope="col">{t('users.table.type')}</th>
            <th scope="col">{t('users.table.emailConfirmed')}</th>
            <th scope="col">{t('users.table.lockedOut')}</th>
            <th scope="col">{t('users.table.createdAt')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id}>
              <th scope="row">
                <Link to={editUserPath(user.id)}>{fullName(user)}</Link>
              </th>
              <td>{user.email}</td>
              <td>{user.organizationName || t('users.table.none')}</td>
              <td>{t(`users.types.${user.type}`)}</td>
              <td>{t(user.emailConfirmed ? 'users.table.yes' : 'users.table.no')}</td>
              <td>{user.lockedOut ? <strong className="user-table__locked">{t('users.table.locked')}</strong> : t('users.table.no')}</td>
              <td>
                <time dateTime={user.createdAt}>{dates.format(new Date(user.createdAt))}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
