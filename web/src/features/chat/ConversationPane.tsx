import { useEffect, useId } from 'react';
import type { InfiniteData } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CHAT_ATTACHMENT_URL_MINUTES, CHAT_DEBOUNCE_MS } from '@partage/graphql';
import { AdPicture } from '../../lib/ads/AdPicture';
import type { ResultOf } from '../../lib/api/documents';
import { ApiError, errorMessageKey } from '../../lib/api/errors';
import { operationName, queryKey, useApiInfiniteQuery, useApiMutation, useApiQuery } from '../../lib/api/queries';
import { queryClient } from '../../lib/api/query-client';
import { graphqlRequest } from '../../lib/api/graphql';
import { usePageTitle } from '../../lib/i18n/use-page-title';
import { PAYMENT_ONBOARDING } from '../../lib/payments/operations';
import { OnboardingIncompleteNotice } from '../../lib/payments/OnboardingIncompleteNotice';
import { LoadFailure } from '../../lib/profile-form/LoadFailure';
import { Composer, type OutgoingMessage } from './Composer';
import { MenuButton } from '../../lib/ui/MenuButton';
import { BlockDialog } from './BlockDialog';
import { BlockedNotice } from './BlockedNotice';
import { adTitle, otherParticipant, type ChatConversation } from './conversation-view';
import { debounce, onIncomingMessage } from './live/chat-events';
import { addMessageToCache, chronological } from './messages-cache';
import { MessageTimeline } from './MessageTimeline';
import {
  CONVERSATION,
  CONVERSATION_MESSAGES,
  MARK_CONVERSATION_READ,
  MY_CONVERSATIONS,
  MY_UNREAD_MESSAGE_COUNT,
  SEND_MESSAGE,
} from './operations';
import { CONVERSATIONS_PATH } from './paths';
import { createContractPath } from '../../app/paths';

/**
 * One conversation: its ad, its messages and the composer (spec §2, §4). It shows at once: as the
 * list has it while the conversation is asked for, its messages asked for at the same time (cached
 * ones shown at once), or as a skeleton opened from a link; it waited seconds for each in turn.
 */
export function ConversationPane({ conversationId }: { conversationId: string }) {
  const conversation = useApiQuery(CONVERSATION, { id: conversationId });
  const messages = useConversationMessages(conversationId);
  useMarkReadWhileOpen(conversationId);
  if (conversation.isPending) {
    const listed = listedConversation(conversationId);
    return listed ? <OpenConversation conversation={listed} messages={messages} /> : <PaneSkeleton />;
  }
  const missing =
    conversation.data?.conversation === null ||
    (conversation.error instanceof ApiError && conversation.error.code === 'UNAUTHORIZED_ACCESS');
  if (missing) return <ConversationNotFound />;
  if (conversation.isError) return <LoadFailure failure={errorMessageKey(conversation.error)} onRetry={conversation.refetch} />;
  return <OpenConversation conversation={conversation.data.conversation!} messages={messages} />;
}

const useConversationMessages = (conversationId: string) =>
  useApiInfiniteQuery(
    CONVERSATION_MESSAGES,
    { conversationId },
    (page) => page.conversationMessages.nextToken,
    // Attachment URLs are signed for a while: a page kept open gets fresh ones before they expire.
    { refetchInterval: (CHAT_ATTACHMENT_URL_MINUTES - 1) * 60_000 },
  );

/** The conversation as a cached page of the list has it (the list's link was followed). */
function listedConversation(id: string): ChatConversation | undefined {
  const lists = queryClient.getQueriesData<InfiniteData<ResultOf<typeof MY_CONVERSATIONS>>>({
    queryKey: [operationName(MY_CONVERSATIONS)],
  });
  return lists.flatMap(([, data]) => data?.pages.flatMap((page) => page.myConversations.items) ?? []).find((item) => item.id === id);
}

/** The pane's shape while the conversation comes: its header, a few messages' places, the status said once. */
function PaneSkeleton() {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-pane chat-pane--loading" aria-busy="true">
      <p role="status" className="visually-hidden">
        {t('common:loading')}
      </p>
      <div className="chat-pane__header" aria-hidden="true">
        <span className="chat-list__thumb" />
        <span className="skeleton skeleton--title" />
      </div>
      <div className="chat-log" aria-hidden="true">
        <span className="skeleton skeleton--message" />
        <span className="skeleton skeleton--message skeleton--mine" />
      </div>
    </div>
  );
}

function ConversationNotFound() {
  const { t } = useTranslation('chat');
  usePageTitle(t('pane.notFound'));
  return (
    <div className="chat-pane__missing">
      <h2>{t('pane.notFound')}</h2>
      <Link to={CONVERSATIONS_PATH}>{t('pane.backToList')}</Link>
    </div>
  );
}

function OpenConversation({
  conversation,
  messages,
}: {
  conversation: ChatConversation;
  messages: ReturnType<typeof useConversationMessages>;
}) {
  const { t, i18n } = useTranslation('chat');
  const headingId = useId();
  const title = adTitle(conversation, i18n.language);
  const other = otherParticipant(conversation);
  const me = conversation.participants.find((participant) => participant.isMe);
  // The ad's owner proposes a contract to the other participant (spec §2, issue 20), once they can be paid.
  const proposes = !!conversation.ad && me?.role === 'OWNER';
  const onboarding = useApiQuery(PAYMENT_ONBOARDING, {}, { enabled: proposes }).data?.me?.paymentOnboarding;
  usePageTitle(t('pane.pageTitle', { name: other?.publicName ?? '' }));
  // A block made or lifted here: the conversation as it now stands.
  const refreshConversation = () => void queryClient.invalidateQueries({ queryKey: [operationName(CONVERSATION)] });
  const sendMessage = useApiMutation(SEND_MESSAGE, { invalidates: [MY_CONVERSATIONS, MY_UNREAD_MESSAGE_COUNT] });
  const send = async (message: OutgoingMessage) => {
    const answer = await sendMessage.mutateAsync({ input: { conversationId: conversation.id, ...message } });
    addMessageToCache(answer.sendMessage);
  };
  const image = conversation.ad?.image;
  return (
    <section className="chat-pane" aria-labelledby={headingId}>
      <header className="chat-pane__header">
        <Link to={CONVERSATIONS_PATH} className="chat-pane__back">
          {t('pane.backToList')}
        </Link>
        <span className="chat-list__thumb">{image && <AdPicture variants={image.variants} alt="" sizes="3rem" />}</span>
        <div>
          <h2 id={headingId}>{t('pane.with', { name: other?.publicName ?? '' })}</h2>
          {conversation.ad && title ? (
            <Link to={`/annonces/${conversation.ad.path}`} lang={title.lang}>
              {title.text}
            </Link>
          ) : (
            <span>{t('adGone')}</span>
          )}
        </div>
        {proposes && (
          <Link to={createContractPath(conversation.id)} className="button button--small chat-pane__contract">
            {t('pane.proposeContract')}
          </Link>
        )}
        {other &&
          (conversation.blockedByMe ? (
            <BlockedNotice userId={other.userId} name={other.publicName} onUnblocked={refreshConversation} />
          ) : (
            // The safety controls wait in a menu at the header's end, not ahead of the conversation (issue 36 §6).
            <div className="chat-pane__actions">
              <MenuButton
                label={t('pane.conversationActions')}
                icon="⋯"
                items={[
                  {
                    id: 'block',
                    label: t('block.button', { name: other.publicName }),
                    dialog: (close) => (
                      <BlockDialog
                        conversationId={conversation.id}
                        name={other.publicName}
                        onClose={close}
                        onBlocked={refreshConversation}
                      />
                    ),
                  },
                ]}
              />
            </div>
          ))}
      </header>
      {proposes && onboarding && onboarding !== 'COMPLETE' && (
        <OnboardingIncompleteNotice reason="conversation" state={onboarding} returnTo={createContractPath(conversation.id)} />
      )}
      {messages.isError ? (
        <LoadFailure failure={errorMessageKey(messages.error)} onRetry={messages.refetch} />
      ) : (
        <MessageTimeline
          conversation={conversation}
          messages={messages.data ? chronological(messages.data.pages) : []}
          loading={messages.isPending}
          hasOlder={messages.hasNextPage}
          loadingOlder={messages.isFetchingNextPage}
          loadOlder={() => void messages.fetchNextPage()}
        />
      )}
      {conversation.canWrite ? <Composer onSend={send} /> : <p className="notice chat-pane__closed">{t('blocked.cannotWrite')}</p>}
    </section>
  );
}

/**
 * Opening a conversation marks it read (removeConversationNotification answers the reader's unread
 * count left), and so does a message arriving while it is open and the page is in view; one arriving
 * in a hidden tab is marked when the tab is shown again.
 */
function useMarkReadWhileOpen(conversationId: string) {
  useEffect(() => {
    let unseen = false;
    let closed = false;
    const markRead = async () => {
      unseen = false;
      if (closed) return;
      const answer = await graphqlRequest(MARK_CONVERSATION_READ, { input: { conversationId } }).catch(() => null);
      if (!answer) return;
      queryClient.setQueryData(queryKey(MY_UNREAD_MESSAGE_COUNT, {}), { myUnreadMessageCount: answer.removeConversationNotification });
      void queryClient.invalidateQueries({ queryKey: queryKey(MY_CONVERSATIONS, {}) });
    };
    const markSoon = debounce(() => void markRead(), CHAT_DEBOUNCE_MS);
    void markRead();
    const stopListening = onIncomingMessage((id) => {
      if (id !== conversationId) return;
      if (document.visibilityState === 'visible') markSoon();
      else unseen = true;
    });
    const onVisible = () => document.visibilityState === 'visible' && unseen && void markRead();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      closed = true;
      stopListening();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [conversationId]);
}
