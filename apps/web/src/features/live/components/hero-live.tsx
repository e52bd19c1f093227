import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LiveLevel, PlayLevel, RoomCard as Room } from '@livesports/contracts/live';
import { anchorList, livePage } from '@/config/paths';
import { Avatar } from '@/shared/ui/avatar';
import { IconTv } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { useLiveList, useRoomInfo } from '../api/rooms';
import { IconEye, IconVolume, IconVolumeOff } from './player/player-icons';
import { type StreamEngine, startEngine } from './player/stream-engine';
import { compact } from './room-card';
import '../locales';
import '../live.css';

/** The same list the live strip below asks for (one request for both). */
export const HERO_LIST = { type: 0, page: 1, limit: 8 } as const;
/** A preview a few hundred pixels wide: SD is plenty, and visitors have it unlocked. */
const PREVIEW: LiveLevel[] = ['sd', 'smooth', 'hd', 'original'];
/** Restarts of one room's stream before the hero moves on (a blip is not an ending). */
const RETRIES = 2;

const previewLevel = (levels: PlayLevel[]) => PREVIEW.map((p) => levels.find((l) => l.level === p && !l.locked)).find(Boolean) ?? null;

/** The muted picture of one live room; `onEnded` when the stream is over (or will not play). */
function HeroVideo({ room, muted, onEnded }: { room: Room; muted: boolean; onEnded: () => void }) {
  const info = useRoomInfo(room.room_id);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;
  const ended = info.data?.live.is_live === 0 || info.isError;
  const level = info.data ? previewLevel(info.data.live.levels) : null;
  const flv = level?.flv ?? null;
  const hls = level?.hls ?? null;

  useEffect(() => {
    if (ended) onEndedRef.current();
  }, [ended]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || (!flv && !hls)) return;
    let engine: StreamEngine | null = null;
    let cancelled = false;
    // A broken stream: ask the room again; still live → start again, else the hero moves on.
    const fatal = () => {
      if (cancelled) return;
      setPlaying(false);
      void info.refetch().then((r) => {
        if (cancelled) return;
        if (r.data?.live.is_live === 1 && attempt < RETRIES) setAttempt((n) => n + 1);
        else onEndedRef.current();
      });
    };
    video.muted = true;
    void startEngine(video, { flv, hls }, { onFatal: fatal }).then((e) => {
      if (cancelled) return e?.destroy();
      engine = e;
      if (!e) return onEndedRef.current();
      // Muted autoplay is allowed everywhere; sound waits for the viewer's click.
      void video.play().catch(() => undefined);
    });
    return () => {
      cancelled = true;
      engine?.destroy();
    };
    // `info` is read for its refetch only: the engine restarts on new URLs or a retry, not on every poll.
  }, [flv, hls, attempt]);

  useEffect(() => {
    const video = videoRef.current;
    if (video) video.muted = muted;
  }, [muted]);

  return (
    <>
      <video
        ref={videoRef}
        className="hero-live__video"
        muted
        playsInline
        poster={room.cover || room.thumb || undefined}
        onPlaying={() => setPlaying(true)}
        onWaiting={() => setPlaying(false)}
        data-testid="hero-video"
        data-room={room.room_id}
        data-playing={playing ? 'true' : 'false'}
      />
      {!playing && (
        <span className="hero-live__loading" aria-hidden>
          <Spinner size={26} />
        </span>
      )}
    </>
  );
}

/**
 * The home hero's screen: the most watched live room plays muted; a click on the picture opens
 * the room, the sound button unmutes it. When that room ends the next one takes its place, and
 * only when nothing is live does it say so.
 */
export function HeroLive() {
  const { t } = useTranslation('live');
  const navigate = useNavigate();
  const list = useLiveList(HERO_LIST);
  const [gone, setGone] = useState<number[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [muted, setMuted] = useState(true);

  const rooms = (list.data?.list ?? []).filter((r) => !gone.includes(r.room_id));
  const room = rooms.find((r) => r.room_id === chosen) ?? rooms[0];

  if (list.isPending) {
    return (
      <div className="hero__screen hero-live" aria-busy data-testid="hero-live-loading">
        <Spinner size={28} />
      </div>
    );
  }

  if (!room) {
    return (
      <div className="hero__screen" data-testid="hero-no-live">
        <div className="hero__screen-inner">
          <IconTv size={44} />
          <span>{t('hero.noLive')}</span>
          <Link to={anchorList(0)} className="btn btn--secondary btn--sm">
            <span>{t('strip.allAnchors')}</span>
          </Link>
        </div>
      </div>
    );
  }

  const ended = () => {
    setGone((g) => (g.includes(room.room_id) ? g : [...g, room.room_id]));
    setChosen(null);
    void list.refetch();
  };

  return (
    <div className="hero-live" data-testid="hero-live">
      <div className="hero__screen hero-live__screen" data-testid="hero-screen" data-room={room.room_id}>
        {/* Clicking the picture is "open the room", as on every streaming home. */}
        <button type="button" className="hero-live__open" onClick={() => navigate(livePage(room.room_id))} aria-label={t('hero.open', { name: room.nickname })}>
          <HeroVideo key={room.room_id} room={room} muted={muted} onEnded={ended} />
        </button>
        <span className="hero-live__badge">
          <span className="player__live">
            <i className="live-dot" aria-hidden /> {t('card.live')}
          </span>
          <span className="hero-live__viewers" title={t('card.viewers')}>
            <IconEye size={13} /> {compact(room.online)}
          </span>
        </span>
        <div className="hero-live__bar">
          <Avatar src={room.avatar} alt={room.nickname} size={30} />
          <div className="hero-live__who">
            <strong className="hero-live__title">{room.title}</strong>
            <span className="hero-live__name">{room.nickname}</span>
          </div>
          <button type="button" className="hero-live__sound" onClick={() => setMuted((m) => !m)} aria-pressed={!muted} data-testid="hero-unmute">
            {muted ? <IconVolumeOff size={16} /> : <IconVolume size={16} />}
            <span>{muted ? t('hero.unmute') : t('player.mute')}</span>
          </button>
          <Link to={livePage(room.room_id)} className="btn btn--primary btn--sm hero-live__enter" data-testid="hero-open-room">
            <span>{t('hero.enter')}</span>
          </Link>
        </div>
      </div>
      {rooms.length > 1 && (
        <div className="hero-live__others" role="tablist" aria-label={t('hero.others')}>
          {rooms.slice(0, 4).map((r) => (
            <button
              key={r.room_id}
              type="button"
              role="tab"
              aria-selected={r.room_id === room.room_id}
              className={['hero-live__pick', r.room_id === room.room_id && 'is-active'].filter(Boolean).join(' ')}
              onClick={() => setChosen(r.room_id)}
              data-testid={`hero-pick-${r.room_id}`}
            >
              <Avatar src={r.avatar} alt="" size={22} />
              <span>{r.nickname}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
