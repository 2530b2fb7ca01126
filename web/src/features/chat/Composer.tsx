import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH, filesFittingOneMessage, UPLOAD_RULES } from '@partage/graphql';
import { ApiError, type ScreenErrorMessages } from '../../lib/api/errors';
import { uploadFile } from '../../lib/files/upload';
import { notifyError } from '../../lib/notifications/notify-error';
import { useMediaQuery } from '../../lib/ui/viewport';
import { fileSize } from './chat-format';

interface Chosen {
  key: string;
  file: File;
  /** Set once uploaded and accepted: a retried send does not upload it again. */
  fileId?: string;
  progress?: number;
}

/** Why a file was left out: a shared rule's message, with the file's name. */
interface LeftOut {
  name: string;
  rule: string;
}

const ACCEPTED_TYPES: readonly string[] = UPLOAD_RULES.CHAT_ATTACHMENT.contentTypes;

/** A message as the composer hands it over: to sendMessage in a conversation, to createConversation before one. */
export interface OutgoingMessage {
  clientMessageId: string;
  body: string;
  attachments: { fileId: string; name: string }[];
}

interface ComposerProps {
  /** Sends it; a failure (thrown) keeps the text, the files and the clientMessageId for another try. */
  onSend: (message: OutgoingMessage) => Promise<unknown>;
  /** The screen's words for some failures (notifyError). */
  errorMessages?: ScreenErrorMessages;
  /**
   * In a conversation, Enter sends (a reply is a line); a first message is usually several lines, so
   * there Enter breaks the line and Ctrl+Enter (⌘+Enter) or the button sends.
   */
  enterSends?: boolean;
}

/** Touch screens: their keyboards' Enter breaks the line, and sending is the button's. */
const TOUCH_SCREEN = '(pointer: coarse)';

/**
 * Writes a message (spec §2, §4): Enter sends, Shift+Enter breaks the line (with a keyboard; on a touch
 * screen Enter breaks the line, the button sends, and no hint speaks of keys; a first message: see
 * `enterSends`); files are uploaded with
 * their progress shown, then sent with the text. A file the browser already knows is not accepted, or
 * past the 100 MB of one message, is left out with a notice, as is one the server refuses by its content.
 * A failed send keeps the text and the files and, sent again, is the same message (clientMessageId).
 */
export function Composer({ onSend, errorMessages, enterSends = true }: ComposerProps) {
  const { t, i18n } = useTranslation('chat');
  const touch = useMediaQuery(TOUCH_SCREEN, false);
  const fieldId = useId();
  const hintId = useId();
  const [body, setBody] = useState('');
  const [chosen, setChosen] = useState<Chosen[]>([]);
  const [leftOut, setLeftOut] = useState<LeftOut[]>([]);
  const [sending, setSending] = useState(false);
  const clientMessageId = useRef(crypto.randomUUID());

  const choose = (files: FileList | null) => {
    const picked = [...(files ?? [])];
    const refused = picked
      .filter((file) => !ACCEPTED_TYPES.includes(file.type))
      .map((file) => ({ name: file.name, rule: 'fileForbidden' }));
    const candidates = [
      ...chosen,
      ...picked.filter((file) => ACCEPTED_TYPES.includes(file.type)).map((file) => ({ key: crypto.randomUUID(), file })),
    ];
    const { kept, leftOut: tooMuch } = filesFittingOneMessage(candidates.map((item) => ({ ...item, size: item.file.size })));
    setChosen(kept);
    setLeftOut([...refused, ...tooMuch.map((item) => ({ name: item.file.name, rule: 'messageTooLarge' }))]);
  };

  const setProgress = (key: string, progress: number) =>
    setChosen((items) => items.map((item) => (item.key === key ? { ...item, progress } : item)));

  /** Uploads what is not uploaded yet; files the server refuses are dropped with their reason. */
  const uploadAll = async (): Promise<Chosen[]> => {
    const accepted: Chosen[] = [];
    const refused: LeftOut[] = [];
    for (const item of chosen) {
      if (item.fileId) {
        accepted.push(item);
        continue;
      }
      try {
        const fileId = await uploadFile(item.file, 'CHAT_ATTACHMENT', (fraction) => setProgress(item.key, fraction));
        accepted.push({ ...item, fileId });
      } catch (error) {
        const rule = error instanceof ApiError && error.code === 'VALIDATION_FAILED' ? error.fields[0]?.rule : undefined;
        if (!rule) throw error;
        refused.push({ name: item.file.name, rule });
      }
    }
    setChosen(accepted);
    setLeftOut(refused);
    return accepted;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending || (!body.trim() && chosen.length === 0)) return;
    setSending(true);
    try {
      const files = await uploadAll();
      if (!body.trim() && files.length === 0) return;
      const attachments = files.map((item) => ({ fileId: item.fileId!, name: item.file.name }));
      await onSend({ clientMessageId: clientMessageId.current, body, attachments });
      clientMessageId.current = crypto.randomUUID();
      setBody('');
      setChosen([]);
    } catch (error) {
      notifyError(error, errorMessages);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method composes a character (Japanese, Chinese…): Enter confirms it there.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || touch) return;
    if (enterSends || event.ctrlKey || event.metaKey) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="chat-composer" onSubmit={(event) => void submit(event)} aria-busy={sending}>
      <label htmlFor={fieldId} className="visually-hidden">
        {t('composer.label')}
      </label>
      <textarea
        id={fieldId}
        value={body}
        rows={2}
        maxLength={CHAT_MESSAGE_MAX_LENGTH}
        placeholder={t('composer.placeholder')}
        aria-describedby={touch ? undefined : hintId}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {!touch && (
        <p id={hintId} className="field__hint">
          {t(enterSends ? 'composer.hint' : 'composer.hintFirst')}
        </p>
      )}
      {chosen.length > 0 && (
        <ul className="chat-composer__files" aria-label={t('composer.files')}>
          {chosen.map((item) => (
            <li key={item.key}>
              <span>
                {item.file.name} ({fileSize(item.file.size, i18n.language)})
              </span>
              {item.progress !== undefined && !item.fileId && (
                <progress max={1} value={item.progress} aria-label={t('composer.progress', { name: item.file.name })} />
              )}
              <button
                type="button"
                className="link-button"
                disabled={sending}
                aria-label={t('composer.remove', { name: item.file.name })}
                onClick={() => setChosen((items) => items.filter((other) => other.key !== item.key))}
              >
                {t('composer.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div role="alert">
        {leftOut.length > 0 && (
          <ul className="notice notice--error chat-composer__left-out">
            {leftOut.map((file) => (
              <li key={file.name}>{t('composer.leftOut', { name: file.name, reason: t(`common:validation.${file.rule}`) })}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="chat-composer__actions">
        <label className="button button--secondary chat-composer__attach">
          {t('composer.attach')}
          <input
            type="file"
            multiple
            className="visually-hidden"
            accept={ACCEPTED_TYPES.join(',')}
            disabled={sending}
            onChange={(event) => {
              choose(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('composer.sending') : t('composer.send')}
        </button>
      </div>
    </form>
  );
}
