import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX } from '@livesports/contracts/chat-constants';
import { useChatStore } from '../api/im-client';
import { sendDirect } from '../api/use-room-chat';
import { type Conversation, conversations } from '../lib/conversations';

/**
 * One-to-one messages in the room's side column: the anchor list and the assistant list (spec
 * zhubo_messagelist / zhushou_messagelist), a thread per person and a reply box.
 */
export function DirectPanel({
  me,
  roomId,
  anchorNick,
  open,
  onOpen,
  seen,
  onSeen,
}: {
  me: string;
  roomId: number;
  anchorNick: string;
  open: { id: string; nick: string } | null;
  onOpen: (c: { id: string; nick: string } | null) => void;
  seen: Record<string, number>;
  onSeen: (id: string, lastId: number) => void;
}) {
  const { t } = useTranslation('chat');
  const direct = useChatStore((s) => s.direct);
  const all = conversations(direct, me, String(roomId), seen);
  // Opens on the list with something unread (an anchor's inbox is mostly the second list).
  const [list, setList] = useState<'anchor' | 'assistant'>(() => (all.some((c) => c.list === 'anchor' && c.unread) || !all.some((c) => c.list === 'assistant' && c.unread) ? 'anchor' : 'assistant'));
  const shown = all.filter((c) => c.list === list);
  const count = (l: Conversation['list']) => all.filter((c) => c.list === l).reduce((n, c) => n + c.unread, 0);

  if (open) {
    const convo = all.find((c) => c.with === open.id);
    return <Thread me={me} target={open} convo={convo} onBack={() => onOpen(null)} onSeen={onSeen} />;
  }
  const anchorMissing = list === 'anchor' && me !== String(roomId) && !all.some((c) => c.with === String(roomId));
  return (
    <div className="dm-direct" data-testid="direct-panel">
      <div className="chat-subtabs" role="tablist">
        {(['anchor', 'assistant'] as const).map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            aria-selected={list === l}
            className={list === l ? 'chat-subtab chat-subtab--on' : 'chat-subtab'}
            data-testid={`direct-list-${l}`}
            onClick={() => setList(l)}
          >
            {t(`direct.${l}`)}
            {count(l) > 0 && <span className="chat-count">{count(l)}</span>}
          </button>
        ))}
      </div>
      <ul className="dm-convos">
        {anchorMissing && (
          <li>
            <button type="button" className="dm-convo dm-convo--new" onClick={() => onOpen({ id: String(roomId), nick: anchorNick })}>
              {t('direct.writeAnchor', { nick: anchorNick })}
            </button>
          </li>
        )}
        {shown.length === 0 && !anchorMissing && <li className="chat-list__empty">{t('direct.empty')}</li>}
        {shown.map((c) => (
          <li key={c.with}>
            <button type="button" className="dm-convo" data-testid="direct-convo" onClick={() => onOpen({ id: c.with, nick: c.nick || c.with })}>
              <strong>{c.nick || c.with}</strong>
              <span className="dm-convo__last">{c.messages.at(-1)?.text}</span>
              {c.unread > 0 && <span className="chat-count">{c.unread}</span>}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Thread({ me, target, convo, onBack, onSeen }: { me: string; target: { id: string; nick: string }; convo?: Conversation; onBack: () => void; onSeen: (id: string, lastId: number) => void }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const messages = convo?.messages ?? [];
  const lastId = messages.at(-1)?.id ?? 0;

  useEffect(() => {
    if (lastId) onSeen(target.id, lastId);
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [lastId, target.id, onSeen]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    setBusy(true);
    const err = await sendDirect(Number(target.id), value);
    setBusy(false);
    if (err) setError(err === 'offline' ? t('offline') : err);
    else {
      setText('');
      setError('');
    }
  };

  return (
    <div className="dm-thread" data-testid="direct-thread">
      <div className="dm-thread__head">
        <button type="button" className="dm-chip" onClick={onBack} aria-label={t('direct.back')}>
          ‹
        </button>
        <strong>{target.nick}</strong>
      </div>
      <ol className="chat-list dm-thread__list" ref={list}>
        {messages.length === 0 && <li className="chat-list__empty">{t('direct.start')}</li>}
        {messages.map((m) => (
          <li key={m.id} className={m.from === me ? 'dm-bubble dm-bubble--mine' : 'dm-bubble'} data-testid="direct-message">
            {m.text}
          </li>
        ))}
      </ol>
      <form className="chat-form" onSubmit={submit}>
        <div className="chat-form__field">
          <input
            className="chat-form__input"
            data-testid="direct-input"
            value={text}
            maxLength={CHAT_TEXT_MAX}
            placeholder={t('direct.placeholder', { nick: target.nick })}
            aria-label={t('direct.placeholder', { nick: target.nick })}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn--primary btn--sm" data-testid="direct-send" disabled={!text.trim() || busy}>
          <span>{t('send')}</span>
        </button>
        {error && <p className="chat-panel__error chat-form__error">{error}</p>}
      </form>
    </div>
  );
}
