// The language a signed-in user picks in the app is also the one of their e-mails: the header's
// toggle saves it to their profile, the field e-mails are rendered in.
import type { UiLanguage } from '@partage/graphql';
import { useApiMutation } from '../../../lib/api/queries';
import { useSession } from '../../../lib/auth/session';
import { notifyError } from '../../../lib/notifications/notify-error';
import { CONTENT_LANGUAGE_OF } from '../../../lib/profile-form/profile-values';
import { UPDATE_USER_PROFILE } from '../profile/operations';
import { updateSessionUser } from './session-user';

/** Saves `language` as the signed-in user's e-mail language; nothing for a visitor. */
export function useSaveEmailLanguage(): (language: UiLanguage) => void {
  const session = useSession();
  const save = useApiMutation(UPDATE_USER_PROFILE, {
    onSuccess: (_, { input }) => updateSessionUser((me) => ({ ...me, profile: { ...me.profile, language: input.language! } })),
    onError: (error) => notifyError(error),
  });
  return (language) => {
    if (session) save.mutate({ input: { userId: session.userId, language: CONTENT_LANGUAGE_OF[language] } });
  };
}
