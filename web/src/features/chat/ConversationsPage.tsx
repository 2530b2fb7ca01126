import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';
import './chat.css';

/**
 * `/conversations` and `/conversations/{id}` (spec §2): the sidebar of conversations beside the open
 * one. On a phone, one at a time: the list, then the conversation with a way back to the list.
 */
export function ConversationsPage() {
  const { id } = useParams();
  const { t } = useTranslation('chat');
  const listTitleId = useId();
  return (
    <div className={id ? 'chat chat--open' : 'chat'}>
      <nav className="chat__sidebar" aria-labelledby={listTitleId}>
        <h1 id={listTitleId}>{t('list.title')}</h1>
        <ConversationList openId={id} />
      </nav>
      <div className="chat__main">{id ? <ConversationPane key={id} conversationId={id} /> : <NoConversationOpen />}</div>
    </div>
  );
}

function NoConversationOpen() {
  const { t } = useTranslation('chat');
  usePageTitle(t('list.title'));
  return <p className="chat__hint">{t('list.choose')}</p>;
}
