import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api/queries';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { Composer, type OutgoingMessage } from './Composer';
import { CREATE_CONVERSATION, MY_CONVERSATIONS, MY_UNREAD_MESSAGE_COUNT } from './operations';
import { conversationPath } from './paths';
import './chat.css';

/**
 * `/conversations/creer/{adId}` (spec §2): the contact button of an ad leads here. The user writes
 * their first message, which starts the conversation (the owner never sees an empty one), then the
 * conversation opens; about an ad they asked about before, the message joins that conversation.
 */
export function CreateConversationPage() {
  const { adId = '' } = useParams();
  const { t } = useTranslation('chat');
  usePageTitle(t('create.title'));
  const navigate = useNavigate();
  const create = useApiMutation(CREATE_CONVERSATION, { invalidates: [MY_CONVERSATIONS, MY_UNREAD_MESSAGE_COUNT] });
  const start = async (message: OutgoingMessage) => {
    const { createConversation } = await create.mutateAsync({ input: { adId, message } });
    await navigate(conversationPath(createConversation.id), { replace: true });
  };
  return (
    <div className="page page--narrow chat-start">
      <h1>{t('create.title')}</h1>
      <p>{t('create.intro')}</p>
      <Composer onSend={start} errorMessages={{ NOT_FOUND: 'chat:create.adNotFound' }} enterSends={false} />
      <p>
        <Link to="/annonces">{t('create.backToAds')}</Link>
      </p>
    </div>
  );
}
