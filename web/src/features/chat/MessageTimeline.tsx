import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ReportDialog } from '../../lib/reports/ReportButton';
import { MenuButton } from '../../lib/ui/MenuButton';
import { contractPath } from '../../app/paths';
import { fileSize, fullTime, messageTime } from './chat-format';
import type { ChatConversation } from './conversation-view';
import type { ChatMessage } from './messages-cache';

interface Props {
  conversation: ChatConversation;
  /** Oldest first. */
  messages: ChatMessage[];
  loading: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlder: () => void;
}

type Entry = { kind: 'message'; at: string; message: ChatMessage } | { kind: 'joined'; at: string; name: string; userId: string };

/**
 * The messages of a conversation, oldest at the top (spec §2): scrolling up loads older ones and keeps
 * the message being read in place; a new message scrolls into view when the reader was at the bottom
 * or sent it. "Joined" lines and the "read" mark under the reader's last message the other has read.
 */
export function MessageTimeline({ conversation, messages, loading, hasOlder, loadingOlder, loadOlder }: Props) {
  const { t, i18n } = useTranslation('chat');
  const top = useRef<HTMLDivElement>(null);
  const entries = timeline(conversation, messages, hasOlder);
  const readUpTo = lastReadByOther(conversation, messages);
  const log = useScrollKeeping(messages, conversation.participants.find((participant) => participant.isMe)?.userId);
  useLoadOlderAtTop(log, top, hasOlder && !loadingOlder, loadOlder);

  return (
    // A scrollable region is focusable so keyboard users can scroll it (WCAG 2.1.1).
    <div ref={log} className="chat-log" role="log" aria-label={t('pane.messages')} tabIndex={0}>
      <div ref={top} />
      {hasOlder && (
        <button type="button" className="link-button chat-log__older" disabled={loadingOlder} onClick={loadOlder}>
          {loadingOlder ? t('common:loading') : t('pane.older')}
        </button>
      )}
      {loading && <p role="status">{t('common:loading')}</p>}
      {!loading && messages.length === 0 && <p className="chat-log__empty">{t('pane.noMessage')}</p>}
      <ol className="chat-log__entries">
        {entries.map((entry) =>
          entry.kind === 'joined' ? (
            <li key={`joined-${entry.userId}`} className="chat-log__event">
              {t('pane.joined', { name: entry.name, time: fullTime(entry.at, i18n.language) })}
            </li>
          ) : (
            <li key={entry.message.id} className={entry.message.contractStep ? 'chat-log__event' : undefined}>
              {entry.message.contractStep ? (
                <ContractStepLine message={entry.message} step={entry.message.contractStep} conversation={conversation} />
              ) : (
                <MessageBubble message={entry.message} conversation={conversation} read={entry.message.id === readUpTo} />
              )}
            </li>
          ),
        )}
      </ol>
    </div>
  );
}

/** A contract's step as a system line: who made it, what, with a link to the contract. */
function ContractStepLine({
  message,
  step,
  conversation,
}: {
  message: ChatMessage;
  step: NonNullable<ChatMessage['contractStep']>;
  conversation: ChatConversation;
}) {
  const { t, i18n } = useTranslation('chat');
  const sender = conversation.participants.find((participant) => participant.userId === message.senderId);
  // The reader's own step reads in the first person ("Vous avez proposé…"), not as a name ("Vous a proposé…").
  return (
    <p>
      {t(`pane.contractStep.${step.kind}`, {
        name: sender?.publicName ?? '',
        version: step.version,
        context: sender?.isMe ? 'mine' : undefined,
      })}{' '}
      <time dateTime={message.createdAt}>({fullTime(message.createdAt, i18n.language)})</time>{' '}
      <Link to={contractPath(step.contractId)}>{t('pane.seeContract')}</Link>
    </p>
  );
}

function MessageBubble({ message, conversation, read }: { message: ChatMessage; conversation: ChatConversation; read: boolean }) {
  const { t, i18n } = useTranslation(['chat', 'reports']);
  const sender = conversation.participants.find((participant) => participant.userId === message.senderId);
  const mine = sender?.isMe ?? false;
  return (
    <article className={mine ? 'chat-message chat-message--mine' : 'chat-message'}>
      <div className="chat-message__head">
        <p className="chat-message__meta">
          <span className="chat-message__sender">{mine ? t('pane.me') : sender?.publicName}</span>{' '}
          <time dateTime={message.createdAt} title={fullTime(message.createdAt, i18n.language)}>
            {messageTime(message.createdAt, i18n.language)}
          </time>
        </p>
        {/* Theirs can be reported, from a menu of its own: no full-size button under every message (issue 36 §6). */}
        {!mine && (
          <MenuButton
            label={t('pane.messageActions', { name: sender?.publicName ?? '', time: fullTime(message.createdAt, i18n.language) })}
            icon="⋯"
            items={[
              {
                id: 'report',
                label: t('reports:message'),
                dialog: (close) => <ReportDialog kind="MESSAGE" itemId={message.id} conversationId={conversation.id} onClose={close} />,
              },
            ]}
          />
        )}
      </div>
      {message.body && <p className="chat-message__body">{message.body}</p>}
      {message.attachments.length > 0 && (
        <ul className="chat-message__files">
          {message.attachments.map((file) => (
            <li key={file.fileId}>
              {file.contentType.startsWith('image/') ? (
                <a href={file.url} target="_blank" rel="noreferrer">
                  <img src={file.url} alt={file.name} width={file.width ?? undefined} height={file.height ?? undefined} loading="lazy" />
                </a>
              ) : (
                <a href={file.url} download={file.name} className="chat-message__file">
                  {t('pane.download', { name: file.name, size: fileSize(file.size, i18n.language) })}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {read && <p className="chat-message__read">{t('pane.read')}</p>}
    </article>
  );
}

/** Messages and the participants' joins, in time order; a join older than the loaded messages waits for its page. */
function timeline(conversation: ChatConversation, messages: ChatMessage[], hasOlder: boolean): Entry[] {
  const oldest = messages[0]?.createdAt;
  const joins: Entry[] = conversation.participants
    .filter((participant) => participant.joinedAt && !(hasOlder && oldest && participant.joinedAt < oldest))
    .map((participant) => ({ kind: 'joined', at: participant.joinedAt!, name: participant.publicName, userId: participant.userId }));
  const entries: Entry[] = [...messages.map((message): Entry => ({ kind: 'message', at: message.createdAt, message })), ...joins];
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

/** The id of the reader's latest message the other participant has read, if any. */
function lastReadByOther(conversation: ChatConversation, messages: ChatMessage[]): string | undefined {
  const other = conversation.participants.find((participant) => !participant.isMe);
  const me = conversation.participants.find((participant) => participant.isMe);
  if (!other?.lastReadAt || !me) return undefined;
  return messages.findLast((message) => message.senderId === me.userId && message.createdAt <= other.lastReadAt!)?.id;
}

const NEAR_BOTTOM_PX = 80;

/**
 * Older messages are added above: the distance from the bottom is kept, so what the reader looks at
 * stays put. Newer ones below: followed when the reader was at the bottom or wrote it.
 */
function useScrollKeeping(messages: ChatMessage[], myId: string | undefined) {
  const log = useRef<HTMLDivElement>(null);
  const shown = useRef({ oldest: '', newest: '', fromBottom: 0, atBottom: true });
  useEffect(() => {
    const element = log.current;
    if (!element) return;
    const remember = () => {
      shown.current.fromBottom = element.scrollHeight - element.scrollTop;
      shown.current.atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    };
    element.addEventListener('scroll', remember, { passive: true });
    return () => element.removeEventListener('scroll', remember);
  }, []);
  const oldest = messages[0]?.id ?? '';
  const newest = messages.at(-1);
  useLayoutEffect(() => {
    const element = log.current;
    if (!element) return;
    const before = shown.current;
    const newestId = newest?.id ?? '';
    const firstShown = before.newest === '';
    const added = newestId !== before.newest;
    if (firstShown || (added && (before.atBottom || newest?.senderId === myId))) element.scrollTop = element.scrollHeight;
    else if (oldest !== before.oldest) element.scrollTop = element.scrollHeight - before.fromBottom;
    shown.current = {
      oldest,
      newest: newestId,
      fromBottom: element.scrollHeight - element.scrollTop,
      atBottom: element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX,
    };
  }, [oldest, newest, myId]);
  return log;
}

/** Scrolling to the top asks for older messages (the button above does the same for keyboards). */
function useLoadOlderAtTop(
  log: React.RefObject<HTMLDivElement | null>,
  top: React.RefObject<HTMLDivElement | null>,
  canLoad: boolean,
  loadOlder: () => void,
) {
  useEffect(() => {
    if (!canLoad || !log.current || !top.current || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => seen.some((entry) => entry.isIntersecting) && loadOlder(), {
      root: log.current,
      rootMargin: '200px 0px 0px 0px',
    });
    observer.observe(top.current);
    return () => observer.disconnect();
  }, [log, top, canLoad, loadOlder]);
}
