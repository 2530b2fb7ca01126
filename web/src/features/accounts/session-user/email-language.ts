// The language a signed-in user picks in the app is also the one of their e-mails: the header's
// toggle saves it to their profile, the field e-mails are rendered in. Loaded by the toggle on first
// use, so that visitors never download the profile's API code.
import type { UiLanguage } from '@partage/graphql';
import { graphqlRequest } from '../../../lib/api/graphql';
import { notifyError } from '../../../lib/notifications/notify-error';
import { CONTENT_LANGUAGE_OF } from '../../../lib/profile-form/profile-values';
import { UPDATE_USER_PROFILE } from '../profile/operations';
import { updateSessionUser } from './session-user';

/** Saves `language` as the user's e-mail language; a failure is announced, the page's language stays. */
export async function saveEmailLanguage(userId: string, language: UiLanguage): Promise<void> {
  const input = { userId, language: CONTENT_LANGUAGE_OF[language] };
  try {
    await graphqlRequest(UPDATE_USER_PROFILE, { input });
    updateSessionUser((me) => ({ ...me, profile: { ...me.profile, language: input.language } }));
  } catch (error) {
    notifyError(error);
  }
}
