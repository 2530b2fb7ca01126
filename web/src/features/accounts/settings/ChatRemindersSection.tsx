import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_REMINDER_MINUTES } from '@partage/graphql';
import { errorMessageKey } from '../../../lib/api/errors';
import { queryKey, useApiMutation, useApiQuery } from '../../../lib/api/queries';
import { queryClient } from '../../../lib/api/query-client';
import '../../../lib/forms/controls.css';
import { LoadFailure } from '../../../lib/profile-form/LoadFailure';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { MY_CHAT_PREFERENCES, UPDATE_CHAT_PREFERENCES } from './operations';

/** /parametres (USER): whether a message left unread CHAT_REMINDER_MINUTES is e-mailed (spec §4). Saved when ticked. */
export function ChatRemindersSection() {
  const { t } = useTranslation('accounts');
  const titleId = useId();
  const fieldId = useId();
  const preferences = useApiQuery(MY_CHAT_PREFERENCES, {});
  const update = useApiMutation(UPDATE_CHAT_PREFERENCES, {
    onSuccess: (answer) => {
      queryClient.setQueryData(queryKey(MY_CHAT_PREFERENCES, {}), { myChatPreferences: answer.updateChatPreferences });
      notify({ type: 'success', text: 'accounts:settings.chatReminders.saved' });
    },
    onError: (error) => notifyError(error),
  });
  const checked = update.isPending ? update.variables.input.emailReminders : preferences.data?.myChatPreferences?.emailReminders;
  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>{t('settings.chatReminders.title')}</h2>
      {preferences.isError ? (
        <LoadFailure failure={errorMessageKey(preferences.error)} onRetry={preferences.refetch} />
      ) : (
        <div className="field--checkbox">
          <input
            id={fieldId}
            type="checkbox"
            checked={checked ?? false}
            disabled={preferences.isPending || update.isPending}
            onChange={(event) => update.mutate({ input: { emailReminders: event.target.checked } })}
          />
          <label htmlFor={fieldId}>{t('settings.chatReminders.label', { minutes: CHAT_REMINDER_MINUTES })}</label>
        </div>
      )}
    </section>
  );
}
