import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BODY_MAX, htmlTextLength } from '@livesports/contracts/content';

interface Props {
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  id?: string;
}

// Formatting the server keeps (see the server's rich-text sanitizer); anything else is dropped there.
const TOOLS: Array<{ key: string; command: string; arg?: string; label: string }> = [
  { key: 'bold', command: 'bold', label: 'B' },
  { key: 'italic', command: 'italic', label: 'I' },
  { key: 'underline', command: 'underline', label: 'U' },
  { key: 'heading', command: 'formatBlock', arg: 'h3', label: 'H' },
  { key: 'quote', command: 'formatBlock', arg: 'blockquote', label: '❝' },
  { key: 'list', command: 'insertUnorderedList', label: '•' },
  { key: 'numbered', command: 'insertOrderedList', label: '1.' },
  { key: 'paragraph', command: 'formatBlock', arg: 'p', label: '¶' },
];

/** A small rich-text editor (contentEditable). Pasted text comes in plain, so no foreign markup sneaks in. */
export function RichTextEditor({ value, onChange, error, id }: Props) {
  const { t } = useTranslation('news');
  const ref = useRef<HTMLDivElement>(null);
  const count = htmlTextLength(value);

  // Only push the value into the DOM when it changed from outside (reset), not on every keystroke.
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);

  const run = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    onChange(ref.current?.innerHTML ?? '');
  };

  return (
    <div className={error ? 'rte field--error' : 'rte'}>
      <div className="rte__toolbar" role="toolbar" aria-label={t('editor.toolbar')}>
        {TOOLS.map((tool) => (
          <button
            key={tool.key}
            type="button"
            className={`rte__tool rte__tool--${tool.key}`}
            title={t(`editor.${tool.key}`)}
            aria-label={t(`editor.${tool.key}`)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run(tool.command, tool.arg)}
          >
            {tool.label}
          </button>
        ))}
        <button
          type="button"
          className="rte__tool"
          title={t('editor.link')}
          aria-label={t('editor.link')}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            const url = window.prompt(t('editor.linkPrompt'), 'https://');
            if (url && /^https?:\/\//.test(url)) run('createLink', url);
          }}
        >
          <svg width="15" height="15" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
            <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
            <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
          </svg>
        </button>
        <span className={count > BODY_MAX ? 'rte__count is-over' : 'rte__count'}>
          {count} / {BODY_MAX}
        </span>
      </div>
      <div
        id={id}
        ref={ref}
        className="rte__area"
        contentEditable
        role="textbox"
        aria-multiline
        aria-invalid={!!error || undefined}
        data-placeholder={t('editor.placeholder')}
        data-testid="article-body"
        onInput={(e) => onChange((e.target as HTMLDivElement).innerHTML)}
        onPaste={(e) => {
          e.preventDefault();
          document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
        }}
        suppressContentEditableWarning
      />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
