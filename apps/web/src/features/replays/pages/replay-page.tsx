import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ImElemType } from '@livesports/contracts/chat-constants';
import type { GiftEvent } from '@livesports/contracts/economy-gifts';
import type { ReplayDetail, ReplayTimeline } from '@livesports/contracts/replays';
import { TIMELINE_WINDOW_SECONDS } from '@livesports/contracts/replays-constants';
import { livePage } from '@/config/paths';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { useAuthStore } from '@/shared/stores/auth';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { toast } from '@/shared/stores/toast';
import { Avatar } from '@/shared/ui/avatar';
import { EmptyState } from '@/shared/ui/empty-state';
import { PageSpinner } from '@/shared/ui/spinner';
import { sendReplayDanmaku, useReplay, useTimeline } from '../api/replays';
import { ClipEditor } from '../components/clip-editor';
import { type ReplayControl, ReplayPlayer } from '../components/replay-player';
import { isGoal, ScoreTimeline } from '../components/score-timeline';
import { clock } from '../lib';
import '../locales';
import '../replays.css';

/** What the page hands the chat and danmaku slots: the broadcast's lines and where playback is. */
export interface ReplayLineData {
  key: string;
  t: number;
  from: string;
  nick: string;
  text: string;
  ext?: Record<string, unknown> | null;
  node?: ReactNode;
  added?: boolean;
}
export interface ReplayState {
  replay: ReplayDetail;
  lines: ReplayLineData[];
  time: number;
  playing: boolean;
  /** Changes on every seek (the danmaku layer clears). */
  seeked: number;
  canSend: boolean;
  send(text: string): Promise<void>;
  login(): void;
}

export interface ReplayPageSlots {
  /** Over the picture: the danmaku layer (chat feature). */
  overlay?: (s: ReplayState) => ReactNode;
  /** The side column: the chat list in sync (chat feature). */
  side?: (s: ReplayState) => ReactNode;
  /** A gift as a chat line (economy feature). */
  renderGift?: (e: GiftEvent) => ReactNode;
}

/** The timeline windows around a second: the current one, and the next when close to its end. */
function useLines(replay: ReplayDetail | undefined, time: number, extra: ReplayLineData[], renderGift?: (e: GiftEvent) => ReactNode) {
  const id = replay?.id ?? 0;
  const w = Math.floor(time / TIMELINE_WINDOW_SECONDS) * TIMELINE_WINDOW_SECONDS;
  const near = time - w > TIMELINE_WINDOW_SECONDS * 0.8;
  const cur = useTimeline(id, w, !!replay);
  const next = useTimeline(id, w + TIMELINE_WINDOW_SECONDS, !!replay && near && w + TIMELINE_WINDOW_SECONDS < (replay?.duration ?? 0));
  const prev = useTimeline(id, Math.max(0, w - TIMELINE_WINDOW_SECONDS), !!replay && w > 0);
  return useMemo(() => {
    const out: ReplayLineData[] = [];
    const seen = new Set<string>();
    const add = (tl: ReplayTimeline | undefined) => {
      if (!tl) return;
      for (const m of tl.messages)
        if (m.type === ImElemType.TEXT && m.text && !seen.has(`m${m.seq}`)) {
          seen.add(`m${m.seq}`);
          out.push({ key: `m${m.seq}`, t: m.t, from: m.from, nick: m.nick, text: m.text, ext: m.ext });
        }
      for (const d of tl.danmaku)
        if (!seen.has(`d${d.id}`)) {
          seen.add(`d${d.id}`);
          out.push({ key: `d${d.id}`, t: d.t, from: d.from, nick: d.nick, text: d.text, added: true });
        }
      for (const g of tl.gifts) {
        const k = `g${g.event.at}${g.event.sender.id}`;
        if (!seen.has(k) && renderGift) {
          seen.add(k);
          out.push({ key: k, t: g.t, from: String(g.event.sender.id), nick: g.event.sender.user_nickname, text: '', node: renderGift(g.event) });
        }
      }
    };
    add(prev.data);
    add(cur.data);
    add(next.data);
    for (const e of extra) if (!seen.has(e.key)) out.push(e);
    return out.sort((a, b) => a.t - b.t);
  }, [prev.data, cur.data, next.data, extra, renderGift]);
}

/** /live?id=<room>&replay=<id>: the broadcast again, with its danmaku, chat, gifts and goals in time. */
export function ReplayPage({ overlay, side, renderGift }: ReplayPageSlots) {
  const { t, i18n } = useTranslation('replays');
  const [params] = useSearchParams();
  const id = Number(params.get('replay') ?? 0);
  const startAt = Math.max(0, Number(params.get('t') ?? 0) || 0);
  const info = useReplay(Number.isInteger(id) ? id : 0);
  const replay = info.data;
  const user = useAuthStore((s) => s.user);
  const openLogin = useLoginDialog((s) => s.openLogin);
  const [time, setTime] = useState(startAt);
  const [playing, setPlaying] = useState(false);
  const [seeked, setSeeked] = useState(0);
  const [mine, setMine] = useState<ReplayLineData[]>([]);
  const control = useRef<ReplayControl | null>(null);
  const lines = useLines(replay, time, mine, renderGift);
  useDocumentTitle(replay ? `${replay.nickname} · ${replay.title} · ${t('title')}` : undefined);

  const onTime = useCallback((x: number, p: boolean, s: boolean) => {
    setTime(x);
    setPlaying(p);
    if (s) setSeeked((n) => n + 1);
  }, []);

  if (!(id > 0) || info.isError) {
    return (
      <section className="page">
        <div className="card">
          <EmptyState
            title={t('notFound')}
            text={t('notFoundText')}
            action={
              <Link className="btn btn--primary btn--md" to={livePage(Number(params.get('id') ?? 0))}>
                <span>{t('backToRoom')}</span>
              </Link>
            }
          />
        </div>
      </section>
    );
  }
  if (!replay) return <PageSpinner />;

  const state: ReplayState = {
    replay,
    lines,
    time,
    playing,
    seeked,
    canSend: !!user,
    login: () => openLogin('login'),
    // A refusal rejects (the API client shows its reason), so the input keeps the text (issue #50).
    async send(text) {
      const d = await sendReplayDanmaku(replay.id, Math.round(time * 10) / 10, text);
      setMine((m) => [...m, { key: `d${d.id}`, t: d.t, from: d.from, nick: d.nick, text: d.text, added: true }]);
    },
  };
  const marks = (replay.match?.marks ?? []).filter((m) => isGoal(m.kind)).map((m) => ({ t: m.t, label: `${m.minute}' ${m.player} ${m.home_score}:${m.away_score}` }));
  const date = new Date(replay.start_time).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="page live-room replay-room" data-testid="replay-page">
      <div className="live-room__main">
        <header className="room-head">
          <Avatar src={replay.avatar} alt={replay.nickname} size={48} />
          <div className="room-head__text">
            <h1 className="room-head__title" data-testid="replay-title">
              {replay.title}
            </h1>
            <p className="room-head__meta">
              <span className="badge badge--accent">{t('badge')}</span>
              <span className="room-head__name">{replay.nickname}</span>
              <span className="muted">
                {date} · {clock(replay.duration)}
              </span>
            </p>
          </div>
          <div className="room-head__actions">
            <Link className="btn btn--secondary btn--sm" to={livePage(replay.room_id)} data-testid="replay-room-link">
              <span>{t('backToRoom')}</span>
            </Link>
            <button
              type="button"
              className="btn btn--ghost btn--sm"
              onClick={() => {
                const url = new URL(window.location.href);
                url.searchParams.set('t', String(Math.floor(time)));
                void navigator.clipboard?.writeText(url.href).then(
                  () => toast.success(t('linkCopied')),
                  () => toast.error(t('copyFailed')),
                );
              }}
              data-testid="replay-share"
            >
              <span>{t('shareAt', { t: clock(time) })}</span>
            </button>
          </div>
        </header>
        <ReplayPlayer replay={replay} overlay={overlay?.(state)} onTime={onTime} onReady={(c) => (control.current = c)} marks={marks} startAt={startAt} />
        <div className="replay-room__below">
          {replay.match && <ScoreTimeline match={replay.match} time={time} onSeek={(x) => control.current?.seek(x)} />}
          {replay.can_manage && <ClipEditor replay={replay} time={time} />}
        </div>
      </div>
      {side && <aside className="live-room__side">{side(state)}</aside>}
    </section>
  );
}
