import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { AdPicture } from '../../lib/ads/AdPicture';
import { errorMessageKey } from '../../lib/api/errors';
import { useApiInfiniteQuery } from '../../lib/api/queries';
import { LoadFailure } from '../../lib/profile-form/LoadFailure';
import { messageTime } from './chat-format';
import { adTitle, otherParticipant, type ChatConversation } from './conversation-view';
import { MY_CONVERSATIONS } from './operations';
import { conversationPath } from './paths';

/** The sidebar (spec §2): the reader's conversations, latest activity first, the open one marked. */
export function ConversationList({ openId }: { openId?: string }) {
  const { t } = useTranslation('chat');
  const list = useApiInfiniteQuery(MY_CONVERSATIONS, {}, (page) => page.myConversations.nextToken);
  if (list.isPending) return <p role="status">{t('common:loading')}</p>;
  if (list.isError) return <LoadFailure failure={errorMessageKey(list.error)} onRetry={list.refetch} />;
  const conversations = list.data.pages.flatMap((page) => page.myConversations.items);
  if (conversations.length === 0)
    return (
      <div className="chat-empty">
        <p>{t('list.empty')}</p>
        <Link to="/annonces">{t('list.findAds')}</Link>
      </div>
    );
  return (
    <>
      <ul className="chat-list">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <ConversationLink conversation={conversation} open={conversation.id === openId} />
          </li>
        ))}
      </ul>
      {list.hasNextPage && (
        <button
          type="button"
          className="button button--secondary button--small"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('list.more')}
        </button>
      )}
    </>
  );
}

function ConversationLink({ conversation, open }: { conversation: ChatConversation; open: boolean }) {
  const { t, i18n } = useTranslation('chat');
  const title = adTitle(conversation, i18n.language);
  const other = otherParticipant(conversation);
  const last = conversation.lastMessage;
  const image = conversation.ad?.image;
  return (
    <Link to={conversationPath(conversation.id)} className="chat-list__item" aria-current={open ? 'page' : undefined}>
      <span className="chat-list__thumb">
        {/* Decorative: the title beside it says what the ad is. */}
        {image && <AdPicture variants={image.variants} alt="" sizes="3rem" />}
      </span>
      <span className="chat-list__text">
        <span className="chat-list__title" lang={title?.lang}>
          {title?.text ?? t('adGone')}
        </span>
        <span className="chat-list__name">{other?.publicName}</span>
        <span className="chat-list__preview">
          {last?.contractStep
            ? t(`list.contractStep.${last.contractStep}`)
            : last
              ? `${last.senderId === other?.userId ? '' : t('list.you')}${last.body || t('list.attachments', { count: last.attachmentCount })}`
              : t('list.noMessage')}
        </span>
      </span>
      <span className="chat-list__aside">
        <time dateTime={conversation.lastActivityAt}>{messageTime(conversation.lastActivityAt, i18n.language)}</time>
        {conversation.unreadCount > 0 && (
          <span className="chat-list__unread">
            <span aria-hidden="true">{conversation.unreadCount}</span>
            <span className="visually-hidden">{t('list.unread', { count: conversation.unreadCount })}</span>
          </span>
        )}
      </span>
    </Link>
  );
}
