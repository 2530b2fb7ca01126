import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../lib/api/errors';
import { useApiMutation, useApiQuery } from '../../../lib/api/queries';
import { LoadFailure } from '../../../lib/profile-form/LoadFailure';
import { notifyError } from '../../../lib/notifications/notify-error';
import { notify } from '../../../lib/notifications/store';
import { MY_BLOCKED_USERS, UNBLOCK_USER } from './operations';

/** /parametres (USER): the people they blocked in a conversation, each with the way to lift the block. */
export function BlockedUsersSection() {
  const { t } = useTranslation('accounts');
  const titleId = useId();
  const blocked = useApiQuery(MY_BLOCKED_USERS, {});
  const unblock = useApiMutation(UNBLOCK_USER, {
    invalidates: [MY_BLOCKED_USERS],
    onSuccess: () => notify({ type: 'success', text: 'accounts:settings.blocked.lifted' }),
    onError: (error) => notifyError(error),
  });
  const people = blocked.data?.myBlockedUsers ?? [];
  return (
    <section aria-labelledby={titleId} className="panel">
      <h2 id={titleId}>{t('settings.blocked.title')}</h2>
      {blocked.isError ? (
        <LoadFailure failure={errorMessageKey(blocked.error)} onRetry={blocked.refetch} />
      ) : blocked.isPending ? (
        <p role="status">{t('common:loading')}</p>
      ) : people.length === 0 ? (
        <p>{t('settings.blocked.none')}</p>
      ) : (
        <ul className="blocked-list">
          {people.map((person) => (
            <li key={person.userId}>
              <span>{person.publicName}</span>{' '}
              <button
                type="button"
                className="button button--secondary button--small"
                aria-disabled={unblock.isPending || undefined}
                onClick={() => !unblock.isPending && unblock.mutate({ userId: person.userId })}
              >
                {t('settings.blocked.unblock', { name: person.publicName })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
