import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImSenderExt } from '@livesports/contracts/chat';
import { CHAT_TEXT_MAX } from '@livesports/contracts/chat-constants';
import { useAuthStore } from '@/shared/stores/auth';
import { SenderBadges, nobleColor } from './badges';
import { type DanmakuBatch, DanmakuCanvas, type DanmakuItem, nextBatchId, toDanmaku } from './danmaku-layer';
import { blockedSet, useChatFilters } from '../lib/chat-filters';
import '../chat.css';

// A broadcast replayed: its chat list scrolls with the video, its danmaku fly over the picture at
// the moments they were sent (with the live room's layer and the viewer's settings), and viewers'
// own replay danmaku join them at the second they pinned them to.

/** One line of a replay's chat: a broadcast message, a viewer's replay danmaku, or a drawn event (a gift). */
export interface ReplayLine {
  key: string;
  t: number;
  from: string;
  nick: string;
  text: string;
  ext?: Record<string, unknown> | null;
  /** Set for lines the page draws itself (gifts). */
  node?: ReactNode;
  /** A viewer's danmaku added while watching the replay. */
  added?: boolean;
}

/** Danmaku over the replay: lines whose second the video passed since the last report fly. */
export function ReplayDanmakuLayer({ lines, time, playing, seeked }: { lines: ReplayLine[]; time: number; playing: boolean; seeked: number }) {
  const [batch, setBatch] = useState<DanmakuBatch | null>(null);
  const last = useRef<number | null>(null);
  // A seek (or the first report) clears the screen and starts from where the video now is.
  useEffect(() => {
    last.current = time;
    setBatch({ id: 0, items: [] });
  }, [seeked]);
  useEffect(() => {
    const prev = last.current;
    last.current = time;
    if (prev === null || !playing || time <= prev || time - prev > 2) return;
    const me = String(useAuthStore.getState().user?.id ?? '');
    const blocked = blockedSet(useChatFilters.getState());
    const items: DanmakuItem[] = [];
    for (const l of lines) if (l.t > prev && l.t <= time && !l.node && !blocked.has(l.from)) items.push(toDanmaku(l, me));
    if (items.length) setBatch({ id: nextBatchId(), items });
  }, [time]);
  return <DanmakuCanvas batch={batch} paused={!playing} />;
}

/** The chat list of a replay: every line up to the current second, following the newest while at the bottom. */
export function ReplayChatList({ lines, time, onSend, canSend, onLogin }: { lines: ReplayLine[]; time: number; onSend?: (text: string) => Promise<void>; canSend: boolean; onLogin: () => void }) {
  const { t } = useTranslation('chat');
  const listRef = useRef<HTMLOListElement>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const stick = useRef(true);
  const shown = useMemo(() => lines.filter((l) => l.t <= time).slice(-300), [lines, Math.floor(time * 4)]);
  useEffect(() => {
    const el = listRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [shown.length, shown[shown.length - 1]?.key]);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    if (!v || !onSend) return;
    setBusy(true);
    try {
      await onSend(v);
      setText('');
    } catch {
      // Refused (its reason is shown by the API client): the text stays in the input to try again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="chat-panel replay-chat" data-testid="replay-chat">
      <header className="chat-panel__head">
        <div className="chat-tabs">
          <span className="chat-tab is-active">{t('replay.title')}</span>
        </div>
      </header>
      <div className="chat-panel__body">
        <ol
          className="chat-list"
          ref={listRef}
          onScroll={(e) => {
            const el = e.currentTarget;
            stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          }}
          aria-live="off"
        >
          {shown.length === 0 && <li className="chat-list__empty">{t('replay.empty')}</li>}
          {shown.map((l) =>
            l.node ? (
              <li key={l.key} className="chat-row chat-row--event">
                {l.node}
              </li>
            ) : (
              <li key={l.key} className={l.added ? 'chat-row chat-row--added' : 'chat-row'} data-testid="replay-line" data-t={l.t}>
                <SenderBadges ext={(l.ext ?? undefined) as ImSenderExt | undefined} />
                <span className="chat-row__nick" style={nobleColor(l.ext as ImSenderExt | undefined) ? { color: nobleColor(l.ext as ImSenderExt) } : undefined}>
                  {l.nick || l.from}
                </span>
                <span className="chat-row__text">{l.text}</span>
              </li>
            ),
          )}
        </ol>
      </div>
      <form className="chat-form" onSubmit={(e) => void submit(e)}>
        {canSend ? (
          <>
            <div className="chat-form__field">
              <input
                className="chat-form__input"
                value={text}
                maxLength={CHAT_TEXT_MAX}
                onChange={(e) => setText(e.target.value)}
                placeholder={t('replay.placeholder')}
                aria-label={t('replay.placeholder')}
                data-testid="replay-danmaku-input"
              />
            </div>
            <button type="submit" className="btn btn--primary btn--sm" disabled={busy || !text.trim()} data-testid="replay-danmaku-send">
              <span>{t('send')}</span>
            </button>
          </>
        ) : (
          <button type="button" className="btn btn--secondary btn--sm" onClick={onLogin}>
            <span>{t('loginToChat')}</span>
          </button>
        )}
      </form>
    </section>
  );
}
