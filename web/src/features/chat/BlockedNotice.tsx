import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiMutation } from '../../lib/api/queries';
import { UNBLOCK_CONVERSATION_PARTICIPANT } from './operations';

/**
 * The reader blocked the other participant: said in the conversation, with the way to lift it. Focus
 * comes here when it was left on nothing (the block button it was on is gone).
 */
export function BlockedNotice({ userId, name, onUnblocked }: { userId: string; name: string; onUnblocked: () => void }) {
  const { t } = useTranslation('chat');
  const unblock = useApiMutation(UNBLOCK_CONVERSATION_PARTICIPANT);
  const button = useCallback((element: HTMLButtonElement | null) => {
    if (element && (document.activeElement === document.body || document.activeElement === null)) element.focus();
  }, []);
  const lift = async () => {
    if (unblock.isPending) return;
    try {
      await unblock.mutateAsync({ userId });
      onUnblocked();
    } catch {
      // Shown below; the block stays.
    }
  };
  return (
    <div className="chat-pane__blocked">
      <p role="status">{t('blocked.mine', { name })}</p>
      <button ref={button} type="button" className="button button--secondary button--small" onClick={() => void lift()}>
        {t('blocked.unblock', { name })}
      </button>
      {unblock.isError && (
        <p role="alert" className="field__error">
          {t(errorMessageKey(unblock.error), { ns: 'common' })}
        </p>
      )}
    </div>
  );
}
