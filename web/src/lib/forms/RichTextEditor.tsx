// Rich text (spec §3: bold, italic, lists, links): an ad's description, a contract's terms. TipTap
// (ProseMirror) with only the marks and blocks the server's sanitiser keeps; it sits in the lazy
// chunks of the forms that use it only. The toolbar follows the ARIA toolbar pattern: one tab stop,
// arrow keys between buttons, aria-pressed.
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { url as urlRule } from '@partage/graphql';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, FieldHint, useFieldDescription } from './field-description';
import type { FieldMessage } from './use-form';
import './rich-text.css';

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** The language of the text, for screen readers and spell-checkers. */
  lang: string;
  hint?: string;
  error?: FieldMessage;
  register?: (element: HTMLElement | null) => void;
}

const EXTENSIONS = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: { openOnClick: false, autolink: true, protocols: ['http', 'https'], defaultProtocol: 'https' },
  }),
];

type Command = 'bold' | 'italic' | 'bulletList' | 'orderedList' | 'link';
const COMMANDS: readonly Command[] = ['bold', 'italic', 'bulletList', 'orderedList', 'link'];

function run(editor: Editor, command: Exclude<Command, 'link'>) {
  const chain = editor.chain().focus();
  if (command === 'bold') chain.toggleBold().run();
  else if (command === 'italic') chain.toggleItalic().run();
  else if (command === 'bulletList') chain.toggleBulletList().run();
  else chain.toggleOrderedList().run();
}

export function RichTextEditor({ label, value, onChange, lang, hint, error, register }: RichTextEditorProps) {
  const { t } = useTranslation('editor');
  const labelId = useId();
  const { hintId, errorId, describedBy } = useFieldDescription(hint, error);
  const attributes = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy && { 'aria-describedby': describedBy }),
    ...(error && { 'aria-invalid': 'true' }),
    lang,
    class: 'rich-text__content',
  };
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    editorProps: { attributes },
    onUpdate: ({ editor: current }) => onChange(current.getHTML()),
  });
  // The message and hint ids change with the validation: the editable element follows.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });

  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const onToolbarKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -focusIndex, End: COMMANDS.length - 1 - focusIndex };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (focusIndex + move + COMMANDS.length) % COMMANDS.length;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  const [linkOpen, setLinkOpen] = useState(false);

  return (
    <div className="field rich-text">
      <span id={labelId} className="field__label">
        {label}
      </span>
      <FieldHint id={hintId} text={hint} />
      <div role="toolbar" aria-label={t('toolbar', { field: label })} className="rich-text__toolbar" onKeyDown={onToolbarKey}>
        {COMMANDS.map((command, index) => (
          <button
            key={command}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            className={`rich-text__button rich-text__button--${command}`}
            tabIndex={index === focusIndex ? 0 : -1}
            aria-pressed={command === 'link' ? linkOpen || active.link : active[command]}
            onFocus={() => setFocusIndex(index)}
            onClick={() => (command === 'link' ? setLinkOpen((open) => !open) : run(editor, command))}
          >
            {t(command)}
          </button>
        ))}
      </div>
      {linkOpen && <LinkForm editor={editor} onClose={() => setLinkOpen(false)} />}
      {/* The form moves focus here on a message (the editable element exists only once mounted): it goes on into the text. */}
      <div ref={register} tabIndex={-1} onFocus={(event) => event.target === event.currentTarget && editor.commands.focus()}>
        <EditorContent editor={editor} />
      </div>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** The address of the link on the selected text: an inline field rather than a prompt, so it is labelled and checked. */
function LinkForm({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const { t } = useTranslation('editor');
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? 'https://');
  const [invalid, setInvalid] = useState(false);
  const { id, errorId, describedBy } = useFieldDescription(undefined, invalid ? { key: 'validation.url' } : undefined);
  const apply = () => {
    if (urlRule(href)) return setInvalid(true);
    editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
    onClose();
  };
  return (
    <div className="rich-text__link">
      <div className="field">
        <label htmlFor={id}>{t('linkAddress')}</label>
        <input
          id={id}
          type="url"
          value={href}
          autoFocus
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              onClose();
              editor.commands.focus();
            }
          }}
        />
        <FieldError id={errorId} error={invalid ? { key: 'validation.url' } : undefined} />
      </div>
      <button type="button" className="button button--small" onClick={apply}>
        {t('applyLink')}
      </button>
      {editor.isActive('link') && (
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          {t('removeLink')}
        </button>
      )}
    </div>
  );
}
