import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PATHS } from '../../../app/paths';
import { useApiMutation } from '../../../lib/api/queries';
import { usePageTitle } from '../../../lib/i18n/use-page-title';
import { ME } from '../session-user/operations';
import { reloadSessionUser, useSessionUser } from '../session-user/session-user';
import { LoadFailure } from '../../../lib/profile-form/LoadFailure';
import { UPDATE_USER_PROFILE } from './operations';
import { ProfileEditForm } from '../../../lib/profile-form/ProfileEditForm';
import { displayPhone, profileValuesOf } from '../../../lib/profile-form/profile-values';
import { PhoneVerificationDialog } from '../../../lib/phone/PhoneVerificationDialog';

/** `/modifier-profil`: the signed-in user's own profile (spec §2, §4). */
export function EditProfilePage() {
  const { t } = useTranslation(['profile', 'phone']);
  usePageTitle(t('edit.title'));
  const user = useSessionUser();
  // The rest of the app (public name, welcome modal…) reads the same `me`: it is asked again after a change.
  const updateProfile = useApiMutation(UPDATE_USER_PROFILE, { invalidates: [ME] });
  const [verifyingPhone, setVerifyingPhone] = useState(false);

  return (
    <div className="page page--narrow">
      <h1>{t('edit.title')}</h1>
      {user.status === 'failed' && <LoadFailure failure="profile:edit.loadFailed" onRetry={reloadSessionUser} />}
      {(user.status === 'loading' || user.status === 'signedOut') && (
        <p role="status" className="page-loading">
          {t('common:loading')}
        </p>
      )}
      {user.status === 'ready' && (
        <>
          <p>
            <Trans
              t={t}
              i18nKey="edit.emailNote"
              values={{ email: user.me.email }}
              components={{ settings: <Link to={PATHS.settings} /> }}
            />
          </p>
          {user.me.type === 'USER' && user.me.profile.phoneNumber && (
            // Publishing an ad needs a verified number (spec §4); changing it makes it unverified again.
            <p className="phone-status">
              {t('phone:status.label', { phone: displayPhone(user.me.profile.phoneNumber) })}{' '}
              {user.me.profile.phoneVerified ? (
                <span className="badge">{t('phone:status.verified')}</span>
              ) : (
                <button type="button" className="button button--secondary" onClick={() => setVerifyingPhone(true)}>
                  {t('phone:status.verify')}
                </button>
              )}
            </p>
          )}
          <PhoneVerificationDialog
            open={verifyingPhone}
            onClose={() => setVerifyingPhone(false)}
            onVerified={() => void reloadSessionUser()}
          />
          <ProfileEditForm
            mode="self"
            kind={user.me.type === 'ADMIN' ? 'ADMIN' : 'USER'}
            initial={profileValuesOf(user.me.profile, user.me.email)}
            save={async (changes) => {
              await updateProfile.mutateAsync({ input: { userId: user.me.id, ...changes } });
            }}
          />
        </>
      )}
    </div>
  );
}
