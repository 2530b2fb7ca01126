import { useEffect } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../lib/api/queries';
import { CONVERSATIONS_PATH } from '../paths';
import { MY_UNREAD_MESSAGE_COUNT } from '../operations';
import { startChatEvents } from './chat-events';

/**
 * The header's conversations link with its unread dot (spec §2), and the tab's chat connection: the
 * header is on every page, so a USER's chat events arrive wherever they are (spec §4: a USER login
 * starts the real-time chat client).
 */
export function ConversationsNavEntry({ userId }: { userId: string }) {
  const { t } = useTranslation();
  useEffect(() => startChatEvents(userId), [userId]);
  const unread = useApiQuery(MY_UNREAD_MESSAGE_COUNT, {}).data?.myUnreadMessageCount ?? 0;
  return (
    <NavLink to={CONVERSATIONS_PATH} className="nav-conversations">
      {t('nav.conversations')}
      {unread > 0 && (
        <span className="unread-dot">
          <span className="visually-hidden">{t('nav.unreadMessages', { count: unread })}</span>
        </span>
      )}
    </NavLink>
  );
}
