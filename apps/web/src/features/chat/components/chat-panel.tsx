import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX, type ImMessage } from '@livesports/contracts/chat';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { useChatStore } from '../api/im-client';
import { sendChat, useRoomChat } from '../api/use-room-chat';
import { DanmakuControls } from './danmaku-settings';
import '../locales';
import '../chat.css';

/** Rows drawn at once; older ones stay in the store but out of the DOM (the list stays cheap). */
const RENDERED = 150;
/** Distance from the bottom (px) that still counts as "at the bottom". */
const STICK_PX = 40;

const textOf = (m: ImMessage) => (m.type === 'TIMTextElem' ? (m.payload.text ?? '') : '');

function MessageRow({ m, self }: { m: ImMessage; self: boolean }) {
  // Rendered as text nodes: React escapes it, never HTML.
  return (
    <li className={self ? 'chat-row chat-row--self' : 'chat-row'} data-testid="chat-message" data-seq={m.seq}>
      <span className="chat-row__nick">{m.nick || m.from}</span>
      <span className="chat-row__text">{textOf(m)}</span>
    </li>
  );
}

/** Room chat (spec §4 chat): history and live messages, input for members, login prompt for guests. */
export function ChatPanel({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat');
  useRoomChat(roomId);
  const messages = useChatStore((s) => s.messages);
  const status = useChatStore((s) => s.status);
  const joinError = useChatStore((s) => s.error);
  const islogin = useAuthStore((s) => s.islogin);
  const me = useAuthStore((s) => s.user?.id);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);

  const visible = messages.filter((m) => textOf(m)).slice(-RENDERED);
  const count = [...text].length;

  // Follow new messages only while the viewer is at the bottom (reading back is not interrupted).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (atBottom.current) el.scrollTop = el.scrollHeight;
    else setUnseen((n) => n + 1);
  }, [visible.length, visible[visible.length - 1]?.seq]);

  useEffect(() => setError(''), [text]);

  const onScroll = () => {
    const el = listRef.current!;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (atBottom.current) setUnseen(0);
  };
  const jump = () => {
    const el = listRef.current!;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  };

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (!value || count > CHAT_TEXT_MAX || sending) return;
    setSending(true);
    const err = await sendChat(value);
    setSending(false);
    if (err) setError(err === 'offline' ? t('offline') : err);
    else {
      setText('');
      jump();
    }
  };

  return (
    <section className="chat-panel" data-testid="chat-panel" data-status={status}>
      <header className="chat-panel__head">
        <h2 className="chat-panel__title">{t('title')}</h2>
        <span className={`chat-panel__dot chat-panel__dot--${status}`} title={t(`status.${status}`)} aria-label={t(`status.${status}`)} />
        <DanmakuControls />
      </header>
      <div className="chat-panel__body">
        <ol className="chat-list" ref={listRef} onScroll={onScroll} aria-live="polite">
          {visible.length === 0 && <li className="chat-list__empty">{status === 'online' ? t('empty') : t('connecting')}</li>}
          {visible.map((m) => (
            <MessageRow key={m.seq} m={m} self={me !== undefined && m.from === String(me)} />
          ))}
        </ol>
        {unseen > 0 && !atBottom.current && (
          <button type="button" className="chat-panel__more" onClick={jump}>
            {t('newMessages')}
          </button>
        )}
      </div>
      {joinError && <p className="chat-panel__error">{joinError}</p>}
      {islogin ? (
        <form className="chat-form" onSubmit={submit}>
          <div className="chat-form__field">
            <input
              className="chat-form__input"
              data-testid="chat-input"
              value={text}
              maxLength={CHAT_TEXT_MAX * 2}
              placeholder={t('placeholder')}
              aria-label={t('placeholder')}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
                  e.preventDefault();
                  void submit();
                }
              }}
            />
            <span className={count > CHAT_TEXT_MAX ? 'chat-form__count chat-form__count--over' : 'chat-form__count'}>
              {count}/{CHAT_TEXT_MAX}
            </span>
          </div>
          <button type="submit" className="btn btn--primary btn--sm" data-testid="chat-send" disabled={!text.trim() || count > CHAT_TEXT_MAX || sending || status !== 'online'}>
            <span>{t('send')}</span>
          </button>
          {error && <p className="chat-panel__error chat-form__error">{error}</p>}
        </form>
      ) : (
        <div className="chat-guest">
          <button type="button" className="btn btn--primary btn--sm chat-guest__login" data-testid="chat-login" onClick={() => openLogin('login')}>
            <span>{t('loginToChat')}</span>
          </button>
        </div>
      )}
    </section>
  );
}
