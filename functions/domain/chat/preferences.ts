// A user's chat preferences (/parametres): whether unread messages are e-mailed to them.

import { assertValid, type ChatPreferences, type ChatPreferencesInput } from '@partage/graphql';
import { getChatPreferences, putChatPreferences } from '../../data/chat';
import { requireRole, USER_ONLY, type Identity } from '../identity';

export const myChatPreferences = (identity: Identity): Promise<ChatPreferences> => getChatPreferences(requireRole(identity, USER_ONLY));

export async function updateChatPreferences(identity: Identity, input: ChatPreferencesInput): Promise<ChatPreferences> {
  const userId = requireRole(identity, USER_ONLY);
  assertValid([['input.emailReminders', typeof input?.emailReminders === 'boolean' ? null : 'required']]);
  const preferences = { emailReminders: input.emailReminders };
  await putChatPreferences(userId, preferences);
  return preferences;
}
