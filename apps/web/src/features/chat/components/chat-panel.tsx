import { type FormEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImEvent, ImMessage } from '@livesports/contracts/chat';
import { CHAT_TEXT_MAX, ImElemType } from '@livesports/contracts/chat-constants';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { readJSON, writeJSON } from '@/shared/lib/storage';
import { dateTimeFormat } from '@/shared/lib/intl-formats';
import { SEND_FAILED, useChatStore } from '../api/im-client';
import { useMyRole, useRoomAdmins } from '../api/moderation';
import { sendChat, useRoomChat } from '../api/use-room-chat';
import { blockedSet, useChatFilters } from '../lib/chat-filters';
import { type SendBlock, chatLength, sendBlock, slowLeft, slowModeOf } from '../lib/send-state';
import { conversations } from '../lib/conversations';
import { draftOf, sendDraft, setDraftText, useChatDraft } from '../lib/draft';
import { FeedRow, visibleItem } from './chat-rows';
import { DanmakuControls } from './danmaku-settings';
import { DirectPanel } from './direct-panel';
import { FiltersMenu } from './filters-menu';
import { type MenuTarget, UserMenu } from './user-menu';
import '../locales';
import '../chat.css';

/** Rows drawn at once; older ones stay in the store but out of the DOM (the list stays cheap). */
const RENDERED = 150;
/** Distance from the bottom (px) that still counts as "at the bottom". */
const STICK_PX = 40;
const SEEN_KEY = 'chatDirectSeen';

const until = (iso: string, lang: string) => dateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));

/** What the disabled Send button says. */
function blockText(b: SendBlock, t: (k: string, o?: Record<string, unknown>) => string, lang: string): string {
  switch (b.reason) {
    case 'muted':
      return t('mutedUntil', { until: until(b.until, lang) });
    case 'slow':
      return t('why.slow', { n: b.seconds });
    case 'too_long':
      return t('why.too_long', { max: b.max, over: b.over });
    default:
      return t(`why.${b.reason}`);
  }
}

export interface ChatPanelProps {
  roomId: number;
  anchorNick?: string;
  /** How a relayed room event (a gift) is drawn in the list; from the page (the economy's line). */
  renderEvent?: (e: ImEvent) => ReactNode;
  /** Extra buttons for the header (room management) and the input row (horn), from the page. */
  headerExtra?: ReactNode;
  inputExtra?: ReactNode;
}

/**
 * Room chat (spec §4 chat): history and live messages with badges, moderation notices, gift and
 * entrance lines; a name opens the user menu (write to, block, and for moderators mute / kick /
 * admin); one-to-one messages in their own tab; input for members, login prompt for guests.
 */
export function ChatPanel({ roomId, anchorNick = '', renderEvent, headerExtra, inputExtra }: ChatPanelProps) {
  const { t, i18n } = useTranslation('chat');
  useRoomChat(roomId);
  const feed = useChatStore((s) => s.feed);
  const status = useChatStore((s) => s.status);
  const joinError = useChatStore((s) => s.error);
  const kicked = useChatStore((s) => s.kicked);
  const direct = useChatStore((s) => s.direct);
  const islogin = useAuthStore((s) => s.islogin);
  const meId = useAuthStore((s) => s.user?.id);
  const me = meId !== undefined ? String(meId) : undefined;
  const openLogin = useLoginDialog((s) => s.openLogin);
  const filters = useChatFilters();
  const role = useMyRole(roomId);
  const admins = useRoomAdmins(roomId);
  const [tab, setTab] = useState<'chat' | 'direct'>('chat');
  const [thread, setThread] = useState<{ id: string; nick: string } | null>(null);
  const [seen, setSeen] = useState<Record<string, number>>(() => readJSON(SEEN_KEY, {}));
  // The typed text and its send outlive the panel (lib/draft.ts).
  const draft = draftOf(useChatDraft(), roomId);
  const { text, error, sending, lastSentAt } = draft;
  const listRef = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  const [unseen, setUnseen] = useState(0);

  const blocked = useMemo(() => blockedSet(filters), [filters.blocked]);
  const visible = useMemo(
    () => feed.filter((item) => visibleItem(item, { blocked, hideGifts: filters.hideGifts, hideEntrances: filters.hideEntrances })).slice(-RENDERED),
    [feed, blocked, filters.hideGifts, filters.hideEntrances],
  );
  const adminIds = useMemo(() => new Set((admins.data ?? []).map((a) => String(a.id))), [admins.data]);
  const unread = me ? conversations(direct, me, String(roomId), seen).reduce((n, c) => n + c.unread, 0) : 0;
  const count = chatLength(text);
  const mutedUntil = role.data?.muted_until && Date.parse(role.data.muted_until) > Date.now() ? role.data.muted_until : null;
  // Slow mode: the newest notice in the chat, else what getMyRole said; not for the room's staff.
  const slowMode = slowModeOf(feed, role.data?.slow_mode ?? 0);
  const mySlow = role.data?.slow_mode_exempt ? 0 : slowMode;
  const [now, setNow] = useState(() => Date.now());
  const waitLeft = slowLeft(mySlow, lastSentAt, now);
  const waiting = waitLeft > 0;
  // Tick while a slow-mode wait runs, so the countdown and the button follow it.
  useEffect(() => {
    if (!waiting) return;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [waiting]);
  const block = sendBlock({ text, islogin, mutedUntil, slowLeft: waitLeft });
  const why = block ? blockText(block, t, i18n.language) : '';

  // Follow new messages only while the viewer is at the bottom (reading back is not interrupted).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    if (atBottom.current) el.scrollTop = el.scrollHeight;
    else setUnseen((n) => n + 1);
  }, [visible.length, visible[visible.length - 1]?.key]);

  const onSeen = useCallback((id: string, lastId: number) => {
    setSeen((s) => {
      if ((s[id] ?? 0) >= lastId) return s;
      const next = { ...s, [id]: lastId };
      writeJSON(SEEN_KEY, next);
      return next;
    });
  }, []);

  const onScroll = () => {
    const el = listRef.current!;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (atBottom.current) setUnseen(0);
  };
  const jump = () => {
    const el = listRef.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setUnseen(0);
  };

  // The text being sent stays in the input until the server has it (then it is shown in the list)
  // or refuses it (then the input keeps it and the reason shows): nothing typed disappears unseen.
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const value = text.trim();
    if (block || sending) return;
    const err = await sendDraft(roomId, value, sendChat);
    setNow(Date.now());
    if (err) void role.refetch();
    else jump();
  };

  const openDirect = useCallback((target: MenuTarget) => {
    setThread({ id: target.id, nick: target.nick });
    setTab('direct');
  }, []);
  const myRole = role.data?.role;
  // Stable while nothing it depends on changes, so the memoized rows do not re-render on every batch.
  const nameWrap = useCallback(
    (m: ImMessage, name: ReactNode) => {
      if (!islogin) return name;
      const target: MenuTarget = {
        id: m.from,
        nick: m.nick,
        role: m.from === String(roomId) ? 'anchor' : adminIds.has(m.from) ? 'admin' : undefined,
        seq: m.type === ImElemType.TEXT ? m.seq : undefined,
      };
      return (
        <UserMenu roomId={roomId} target={target} myRole={myRole} me={me} onDirect={openDirect}>
          {name}
        </UserMenu>
      );
    },
    [islogin, roomId, adminIds, myRole, me, openDirect],
  );

  return (
    <section className="chat-panel" data-testid="chat-panel" data-status={status}>
      <header className="chat-panel__head">
        <div className="chat-tabs" role="tablist">
          <button type="button" role="tab" aria-selected={tab === 'chat'} className={tab === 'chat' ? 'chat-tab chat-tab--on' : 'chat-tab'} onClick={() => setTab('chat')} data-testid="chat-tab">
            {t('title')}
          </button>
          {islogin && (
            <button
              type="button"
              role="tab"
              aria-selected={tab === 'direct'}
              className={tab === 'direct' ? 'chat-tab chat-tab--on' : 'chat-tab'}
              onClick={() => setTab('direct')}
              data-testid="direct-tab"
            >
              {t('direct.title')}
              {unread > 0 && (
                <span className="chat-count" data-testid="direct-unread">
                  {unread}
                </span>
              )}
            </button>
          )}
        </div>
        <span className={`chat-panel__dot chat-panel__dot--${status}`} role="img" title={t(`status.${status}`)} aria-label={t(`status.${status}`)} />
        <div className="chat-panel__tools">
          {headerExtra}
          <FiltersMenu />
          <DanmakuControls />
        </div>
      </header>
      {tab === 'direct' && me ? (
        <DirectPanel me={me} roomId={roomId} anchorNick={anchorNick} open={thread} onOpen={setThread} seen={seen} onSeen={onSeen} />
      ) : (
        <>
          <div className="chat-panel__body">
            <ol className="chat-list" ref={listRef} onScroll={onScroll} aria-live="polite">
              {visible.length === 0 && <li className="chat-list__empty">{status === 'online' ? t('empty') : t('connecting')}</li>}
              {visible.map((item) => (
                <FeedRow key={item.key} item={item} me={me} nameWrap={nameWrap} renderEvent={renderEvent} />
              ))}
            </ol>
            {unseen > 0 && !atBottom.current && (
              <button type="button" className="chat-panel__more" onClick={jump}>
                {t('newMessages')}
              </button>
            )}
          </div>
          {kicked ? (
            <p className="chat-panel__notice chat-panel__notice--danger" data-testid="chat-kicked">
              {t('kickedUntil', { until: until(kicked.until, i18n.language) })}
            </p>
          ) : (
            joinError && <p className="chat-panel__error">{joinError}</p>
          )}
          {kicked ? null : islogin ? (
            <form className="chat-form" onSubmit={submit} data-slow-mode={slowMode}>
              {mutedUntil && (
                <p className="chat-panel__banner" data-testid="chat-muted">
                  {t('mutedUntil', { until: until(mutedUntil, i18n.language) })}
                </p>
              )}
              <div className="chat-form__field">
                <input
                  className="chat-form__input"
                  data-testid="chat-input"
                  value={text}
                  maxLength={CHAT_TEXT_MAX * 2}
                  placeholder={t('placeholder')}
                  aria-label={t('placeholder')}
                  onChange={(e) => setDraftText(roomId, e.target.value)}
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
              {inputExtra}
              <button
                type="submit"
                className="btn btn--primary btn--sm"
                data-testid="chat-send"
                disabled={!!block || sending}
                title={why || undefined}
                aria-describedby={why ? 'chat-send-why' : undefined}
              >
                <span>{t('send')}</span>
              </button>
              {(slowMode > 0 || (block && block.reason !== 'empty' && block.reason !== 'muted')) && (
                <p className="chat-form__why" id="chat-send-why">
                  {slowMode > 0 && (
                    <span className="chat-form__slow" data-testid="chat-slow-mode">
                      {t('slowMode.badge', { n: slowMode })}
                    </span>
                  )}
                  {block && block.reason !== 'empty' && block.reason !== 'muted' && <span data-testid="chat-send-why">{why}</span>}
                </p>
              )}
              {sending && (
                <p className="chat-form__why" data-testid="chat-sending" role="status">
                  {status === 'online' ? t('sending') : t('sendWhenConnected')}
                </p>
              )}
              {error && !mutedUntil && block?.reason !== 'slow' && (
                <p className="chat-panel__error chat-form__error" data-testid="chat-send-error">
                  {error === SEND_FAILED ? t('sendFailed') : error}
                </p>
              )}
            </form>
          ) : (
            <div className="chat-guest">
              <button type="button" className="btn btn--primary btn--sm chat-guest__login" data-testid="chat-login" onClick={() => openLogin('login')}>
                <span>{t('loginToChat')}</span>
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
