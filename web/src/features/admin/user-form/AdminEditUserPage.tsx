import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError, errorMessageKey } from '../../../lib/api/errors';
import { useApiMutation, useApiQuery } from '../../../lib/api/queries';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { notifyError } from '../../../lib/notifications/notify-error';
import { LoadFailure } from '../../../lib/profile-form/LoadFailure';
import { ProfileEditForm } from '../../../lib/profile-form/ProfileEditForm';
import { profileValuesOf } from '../../../lib/profile-form/profile-values';
import { AccountStatePanel } from './AccountStatePanel';
import { BackToUsers } from './BackToUsers';
import { PrivacyActionsPanel } from './PrivacyActionsPanel';
import { USERS } from '../users/operations';
import { ADMIN_UPDATE_USER, USER_DETAIL } from './operations';

/** `/gestion-utilisateurs/modifier-utilisateur/:id`: one user's account state, profile and privacy requests. */
export function AdminEditUserPage() {
  const { id = '' } = useParams();
  // Another user is another page: nothing of the previous one is kept.
  return <UserEditor key={id} userId={id} />;
}

function UserEditor({ userId }: { userId: string }) {
  const { t } = useTranslation('profile');
  usePageTitle(t('adminUser.editTitle'));
  const detail = useApiQuery(USER_DETAIL, { id: userId });
  // A new address changes the account's state (unconfirmed), shown above the form.
  const updateUser = useApiMutation(ADMIN_UPDATE_USER, { invalidates: [USER_DETAIL, USERS] });
  const user = detail.data?.user;
  // A failed first load replaces the page (computed once per failure: an unexpected one is logged);
  // a failed refresh leaves what is shown in place and says so.
  const loadError = detail.isLoadingError ? detail.error : null;
  const notFound = detail.data?.user === null;
  const failure = useMemo(
    () => (loadError || notFound ? errorMessageKey(loadError ?? new ApiError('NOT_FOUND', `No user ${userId}`)) : null),
    [loadError, notFound, userId],
  );
  useEffect(() => {
    if (detail.isRefetchError) notifyError(detail.error);
  }, [detail.isRefetchError, detail.error]);
  const reload = () => detail.refetch().then(() => undefined);

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
              await updateUser.mutateAsync({ input: { userId, ...changes } });
            }}
          />
          <PrivacyActionsPanel user={user} />
        </>
      )}
    </div>
  );
}
