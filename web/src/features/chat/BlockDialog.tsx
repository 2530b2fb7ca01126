import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../app/paths';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiMutation } from '../../lib/api/queries';
import { Dialog } from '../../lib/ui/Dialog';
import { BLOCK_CONVERSATION_PARTICIPANT } from './operations';

/**
 * The confirmation that blocks the other side of the conversation (opened from the conversation's
 * menu, mounted while open): they can no longer write nor start a conversation with the user.
 * `onBlocked` once it is closed after the block (the conversation then shows it).
 */
export function BlockDialog({
  conversationId,
  name,
  onClose,
  onBlocked,
}: {
  conversationId: string;
  name: string;
  onClose: () => void;
  onBlocked: () => void;
}) {
  const { t } = useTranslation('chat');
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const block = useApiMutation(BLOCK_CONVERSATION_PARTICIPANT);
  const close = () => {
    onClose();
    if (done) onBlocked();
  };
  const confirm = async () => {
    if (block.isPending) return;
    setFailure(null);
    try {
      await block.mutateAsync({ input: { conversationId } });
      setDone(true);
    } catch (error) {
      setFailure(errorMessageKey(error));
    }
  };
  return (
    <Dialog open title={t('block.title', { name })} onClose={close}>
      {done ? (
        <>
          <p role="status">
            {t('block.done', { name })} <Link to={PATHS.settings}>{t('block.settings')}</Link>
          </p>
          <div className="dialog__actions">
            <button type="button" className="button" onClick={close}>
              {t('block.close')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t('block.explain', { name })}</p>
          {failure && (
            <p role="alert" className="notice notice--error">
              {t(failure, { ns: 'common' })}
            </p>
          )}
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onClose}>
              {t('block.cancel')}
            </button>
            <button type="button" className="button" aria-disabled={block.isPending || undefined} onClick={() => void confirm()}>
              {t('block.confirm')}
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
