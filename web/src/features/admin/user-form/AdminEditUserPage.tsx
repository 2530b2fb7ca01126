import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../lib/api/errors';
import { graphqlRequest } from '../../../lib/api/graphql';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { LoadFailure } from '../../accounts/profile/LoadFailure';
import { ProfileEditForm } from '../../accounts/profile/ProfileEditForm';
import { profileValuesOf } from '../../accounts/profile/profile-values';
import { AccountStatePanel } from './AccountStatePanel';
import { BackToUsers } from './BackToUsers';
import { ADMIN_UPDATE_USER, USER_DETAIL } from './operations';
import { useLoaded } from './use-loaded';
import type { UserDetailData } from './user-detail';

/** `/gestion-utilisateurs/modifier-utilisateur/:id`: one user's account state and profile. */
export function AdminEditUserPage() {
  const { id = '' } = useParams();
  // Another user is another page: nothing of the previous one is kept.
  return <UserEditor key={id} userId={id} />;
}

function UserEditor({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  usePageTitle(t('adminUser.editTitle'));
  const load = useCallback(
    () =>
      graphqlRequest<{ user: UserDetailData | null }>(USER_DETAIL, { id: userId }).then(
        ({ user }) => user ?? Promise.reject(new ApiError('NOT_FOUND', `No user ${userId}`)),
      ),
    [userId],
  );
  const { data: user, failure, reload } = useLoaded(load);

  return (
    <div className="page page--narrow">
      <BackToUsers />
      <h1>{t('adminUser.editTitle')}</h1>
      {failure && <LoadFailure failure={failure} onRetry={reload} />}
      {!failure && !user && (
        <p role="status" className="page-loading">
          {t('common:loading')}
        </p>
      )}
      {user && (
        <>
          <AccountStatePanel user={user} refresh={reload} />
          <ProfileEditForm
            mode="adminEdit"
            kind={user.type === 'ADMIN' ? 'ADMIN' : 'USER'}
            initial={profileValuesOf(user.profile, user.email)}
            save={async (changes) => {
              await graphqlRequest(ADMIN_UPDATE_USER, { input: { userId, ...changes } });
              // A new address changes the account's state (unconfirmed), shown above.
              void reload();
            }}
          />
        </>
      )}
    </div>
  );
}
