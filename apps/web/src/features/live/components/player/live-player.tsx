import { type ReactNode, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveLevel, PlayLevel } from '@livesports/contracts/live';
import { readString, writeString } from '@/shared/lib/storage';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Spinner } from '@/shared/ui/spinner';
import { earlyVideo, takeEarlyStream } from './early-stream';
import { initialLevel, LEVEL_KEY, nearestLevel } from './levels';
import { type StreamEngine, startEngine } from './stream-engine';
import { fullscreenWay, lockLandscape, needsQuarterTurn, wantsLandscape } from './phone-fullscreen';
import { IconFullscreen, IconLockSmall, IconPip, IconTheater, IconVolume, IconVolumeOff } from './player-icons';

const VOLUME_KEY = 'live.volume';
const RECONNECT_MS = 2000;

export type PlayerState = 'loading' | 'playing' | 'reconnecting' | 'unsupported';

export interface LivePlayerProps {
  levels: PlayLevel[];
  /** False when the server has no transcoder: only "original" exists (said under the menu). */
  ladder: boolean;
  /** Asks for fresh URLs (signed URLs expire; a stream that broke may come back). */
  onReconnect: () => void;
  theater: boolean;
  onTheater: (on: boolean) => void;
  /** Shown over the picture in the top corner (live badge, viewers). */
  badge?: ReactNode;
  /** Drawn over the picture (danmaku, gift effects). */
  overlay?: ReactNode;
  poster?: string;
  /**
   * Phone mode (mobile site): a tap on the picture shows or hides the controls (there is no
   * hover), no theater, picture-in-picture or volume slider (phones use their buttons), and full
   * screen turns a landscape picture to landscape.
   */
  touch?: boolean;
  /** The picture's size once the decoder knows it (a portrait 9:16 stream from a phone encoder). */
  onMediaSize?: (size: { width: number; height: number }) => void;
  /**
   * Phone: the element put in full screen (the room's stage, so the picture inside it can still be
   * turned a quarter when the screen cannot be locked to landscape). The player itself by default.
   */
  fullscreenRef?: RefObject<HTMLElement | null>;
  /** Phone: more buttons in the control bar (the danmaku switch and its settings). */
  controlsExtra?: ReactNode;
}

/**
 * The live room's player: HTTP-FLV (HLS where MSE is missing), quality switch, volume, full
 * screen, theater mode and picture-in-picture. When the stream breaks it keeps asking for fresh
 * URLs and starts again, so a returning stream plays without a reload.
 */
/** How long the phone's controls stay after a tap. */
const CONTROLS_MS = 4000;

export function LivePlayer({ levels, ladder, onReconnect, theater, onTheater, badge, overlay, poster, touch, onMediaSize, fullscreenRef, controlsExtra }: LivePlayerProps) {
  const { t } = useTranslation('live');
  const openLogin = useLoginDialog((s) => s.openLogin);
  const boxRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [level, setLevel] = useState<LiveLevel | null>(() => initialLevel(levels)?.level ?? null);
  const [state, setState] = useState<PlayerState>('loading');
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [menu, setMenu] = useState(false);
  const [volume, setVolume] = useState(() => Math.min(1, Math.max(0, Number(readString(VOLUME_KEY) ?? 0.8))));
  const [muted, setMuted] = useState(false);
  const [needsTap, setNeedsTap] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [controls, setControls] = useState(false);
  // Phone full screen: 'page' when the browser has no element full screen (the player covers the
  // page instead); `turned` when the picture is turned a quarter by CSS (no orientation lock).
  const [pageFull, setPageFull] = useState(false);
  const [turned, setTurned] = useState(false);
  const [elementFull, setElementFull] = useState(false);
  const controlsTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(controlsTimer.current), []);
  const onMediaSizeRef = useRef(onMediaSize);
  onMediaSizeRef.current = onMediaSize;
  useEffect(() => {
    if (size) onMediaSizeRef.current?.(size);
  }, [size]);

  // The chosen level may disappear (a visitor's URL set, a rung the server shed) or not exist yet:
  // fall back to the nearest by the height it had; it is played again once it is back.
  const heights = useRef<Partial<Record<LiveLevel, number>>>({});
  for (const l of levels) if (l.height > 0) heights.current[l.level] = l.height;
  const current = levels.find((l) => l.level === level && !l.locked) ?? nearestLevel(levels, level ? heights.current[level] : undefined);
  const flv = current?.flv ?? null;
  const hls = current?.hls ?? null;

  // The parent's callback may change every render; the engine must not restart for that.
  const onReconnectRef = useRef(onReconnect);
  onReconnectRef.current = onReconnect;
  const pending = useRef(false);
  const reconnect = useCallback(() => {
    if (pending.current) return;
    pending.current = true;
    setState('reconnecting');
    onReconnectRef.current();
    setTimeout(() => {
      pending.current = false;
      setAttempt((n) => n + 1);
    }, RECONNECT_MS);
  }, []);

  // The <video> is the page's own, or the one that started the stream before the page rendered
  // (early-stream.ts), put in the slot before any effect reads videoRef. React renders the slot
  // empty and never touches what is in it.
  const slotRef = useRef<HTMLDivElement>(null);
  const tapRef = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    const video = earlyVideo(flv) ?? document.createElement('video');
    video.className = 'player__video';
    video.playsInline = true;
    video.dataset.testid = 'live-video';
    const tap = () => tapRef.current();
    video.addEventListener('click', tap);
    slotRef.current?.appendChild(video);
    videoRef.current = video;
    // User timing for the room's first picture (bench/live prints where its time goes).
    performance.mark('room:player-in-page');
    return () => {
      video.removeEventListener('click', tap);
      video.remove();
      videoRef.current = null;
    };
    // One video for the player's life; the level changes only what it plays.
  }, []);
  useEffect(() => {
    if (!videoRef.current) return;
    if (poster) videoRef.current.poster = poster;
    else videoRef.current.removeAttribute('poster');
  }, [poster]);
  useEffect(() => {
    if (videoRef.current) videoRef.current.dataset.level = current?.level ?? '';
  }, [current?.level]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || (!flv && !hls)) return;
    let engine: StreamEngine | null = null;
    let cancelled = false;
    setState((s) => (s === 'reconnecting' ? s : 'loading'));
    const events = { onFatal: () => !cancelled && reconnect(), onMediaInfo: setSize };
    void (takeEarlyStream(video, events) ?? startEngine(video, { flv, hls }, events)).then(async (e) => {
      if (cancelled) return e?.destroy();
      engine = e;
      if (!e) return setState('unsupported');
      try {
        await video.play();
        setNeedsTap(false);
      } catch {
        // Autoplay with sound is refused until the viewer interacts: start muted, offer a tap.
        video.muted = true;
        setMuted(true);
        setNeedsTap(true);
        await video.play().catch(() => undefined);
      }
    });
    return () => {
      cancelled = true;
      engine?.destroy();
    };
    // `attempt` restarts the engine with the (possibly refreshed) URLs.
  }, [flv, hls, attempt, reconnect]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.volume = volume;
    video.muted = muted;
  }, [volume, muted]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const playing = () => setState('playing');
    const waiting = () => setState((s) => (s === 'playing' ? 'loading' : s));
    // A stream started before the page rendered may be playing already (its 'playing' went unheard).
    if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) playing();
    video.addEventListener('playing', playing);
    video.addEventListener('waiting', waiting);
    return () => {
      video.removeEventListener('playing', playing);
      video.removeEventListener('waiting', waiting);
    };
  }, []);

  const choose = (l: PlayLevel) => {
    setMenu(false);
    if (l.locked) {
      openLogin('login');
      return;
    }
    writeString(LEVEL_KEY, l.level);
    setLevel(l.level);
  };

  const changeVolume = (v: number) => {
    setVolume(v);
    setMuted(v === 0);
    writeString(VOLUME_KEY, String(v));
  };

  const fullscreen = async () => {
    if (touch) return phoneFullscreen();
    if (document.fullscreenElement) return void document.exitFullscreen();
    await boxRef.current?.requestFullscreen?.().catch(() => undefined);
  };
  const phoneFullscreen = async () => {
    if (document.fullscreenElement) return void document.exitFullscreen();
    if (pageFull) {
      setPageFull(false);
      setTurned(false);
      return;
    }
    const target = fullscreenRef?.current ?? boxRef.current;
    const video = videoRef.current as (HTMLVideoElement & { webkitEnterFullscreen?: () => void }) | null;
    const way = fullscreenWay(target, video);
    // iOS: only the video itself goes full screen, in the system player (which turns by itself).
    if (way === 'native-video') return video?.webkitEnterFullscreen?.();
    if (way === 'element') await target?.requestFullscreen().catch(() => undefined);
    if (!document.fullscreenElement) setPageFull(true);
    // A phone shows a landscape picture sideways; a portrait one stays upright.
    const locked = wantsLandscape(size) && (await lockLandscape(screen.orientation as ScreenOrientation & { lock?: (o: 'landscape') => Promise<void> }));
    setTurned(needsQuarterTurn(size, locked, { width: window.innerWidth, height: window.innerHeight }));
  };
  const full = pageFull || elementFull;
  useEffect(() => {
    if (!touch) return;
    const onChange = () => {
      setElementFull(!!document.fullscreenElement);
      if (document.fullscreenElement) return;
      setTurned(false);
      screen.orientation?.unlock?.();
    };
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [touch]);
  // Turned by CSS, and then the phone itself is turned to landscape: the picture turns back.
  useEffect(() => {
    if (!turned) return;
    const onResize = () => setTurned(needsQuarterTurn(size, false, { width: window.innerWidth, height: window.innerHeight }));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [turned, size]);

  // Any touch on the bar (a menu, the danmaku settings) keeps the controls up a while longer.
  const keepControls = () => {
    if (!touch) return;
    clearTimeout(controlsTimer.current);
    setControls(true);
    controlsTimer.current = setTimeout(() => setControls(false), CONTROLS_MS);
  };

  // Phone: a tap shows the controls for a few seconds, another tap hides them.
  const tapPicture = () => {
    setMenu(false);
    if (!touch) return;
    clearTimeout(controlsTimer.current);
    setControls((on) => {
      if (!on) controlsTimer.current = setTimeout(() => setControls(false), CONTROLS_MS);
      return !on;
    });
  };

  tapRef.current = tapPicture;

  const pip = async () => {
    const video = videoRef.current;
    if (!video) return;
    if (document.pictureInPictureElement) await document.exitPictureInPicture();
    else await video.requestPictureInPicture?.();
  };

  const label = (l: LiveLevel) => t(`player.levels.${l}`);

  return (
    <div
      ref={boxRef}
      className={['player', theater && 'player--theater', touch && 'player--touch', touch && (controls || menu) && 'player--controls', pageFull && 'player--page-full', turned && 'player--turned']
        .filter(Boolean)
        .join(' ')}
      data-testid="live-player"
      data-state={state}
      data-turned={touch ? String(turned) : undefined}
    >
      <div ref={slotRef} className="player__slot" />
      {overlay && <div className="player__overlay">{overlay}</div>}
      {badge && <div className="player__badge">{badge}</div>}

      {state !== 'playing' && (
        <div className="player__status" role="status">
          {state === 'unsupported' ? (
            <span>{t('player.unsupported')}</span>
          ) : (
            <>
              <Spinner size={28} />
              <span>{state === 'reconnecting' ? t('player.reconnecting') : t('player.loading')}</span>
            </>
          )}
        </div>
      )}
      {needsTap && state === 'playing' && (
        <button
          type="button"
          className="player__unmute"
          onClick={() => {
            setMuted(false);
            setNeedsTap(false);
          }}
          data-testid="player-unmute"
        >
          <IconVolumeOff size={16} /> {t('player.tapToUnmute')}
        </button>
      )}

      <div className="player__bar" onPointerDownCapture={keepControls}>
        <button type="button" className="player__btn" onClick={() => setMuted((m) => !m)} aria-label={muted ? t('player.unmute') : t('player.mute')} data-testid="player-mute">
          {muted || volume === 0 ? <IconVolumeOff /> : <IconVolume />}
        </button>
        {!touch && (
          <input
            className="player__volume"
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={muted ? 0 : volume}
            onChange={(e) => changeVolume(Number(e.target.value))}
            aria-label={t('player.volume')}
            data-testid="player-volume"
          />
        )}
        {controlsExtra}
        <span className="player__spacer" />
        {size && <span className="player__res">{size.height}p</span>}
        <div className="player__quality">
          <button type="button" className="player__btn player__btn--text" onClick={() => setMenu((m) => !m)} aria-haspopup="menu" aria-expanded={menu} data-testid="quality-button">
            {current ? label(current.level) : '—'}
          </button>
          {menu && (
            <div className="player__menu" role="menu" data-testid="quality-menu">
              {levels.map((l) => (
                <button
                  key={l.level}
                  type="button"
                  role="menuitemradio"
                  aria-checked={l.level === current?.level}
                  className={['player__menu-item', l.level === current?.level && 'is-active', l.locked && 'is-locked'].filter(Boolean).join(' ')}
                  onClick={() => choose(l)}
                  data-testid={`quality-${l.level}`}
                  title={l.locked ? t('player.loginForLevel') : undefined}
                >
                  <span>{label(l.level)}</span>
                  <span className="player__menu-meta">{l.locked ? <IconLockSmall size={12} /> : l.height ? `${l.height}p` : ''}</span>
                </button>
              ))}
              {!ladder && <p className="player__menu-note">{t('player.noLadder')}</p>}
              {levels.some((l) => l.locked) && <p className="player__menu-note">{t('player.visitorLimit')}</p>}
            </div>
          )}
        </div>
        {!touch && (
          <button
            type="button"
            className="player__btn"
            onClick={() => {
              setMenu(false);
              onTheater(!theater);
            }}
            aria-pressed={theater}
            aria-label={t('player.theater')}
            title={t('player.theater')}
            data-testid="player-theater"
          >
            <IconTheater />
          </button>
        )}
        {!touch && typeof document !== 'undefined' && document.pictureInPictureEnabled && (
          <button type="button" className="player__btn" onClick={() => void pip()} aria-label={t('player.pip')} title={t('player.pip')} data-testid="player-pip">
            <IconPip />
          </button>
        )}
        <button
          type="button"
          className="player__btn"
          onClick={() => void fullscreen()}
          aria-label={t('player.fullscreen')}
          title={t('player.fullscreen')}
          aria-pressed={touch ? full : undefined}
          data-testid="player-fullscreen"
        >
          <IconFullscreen />
        </button>
      </div>
    </div>
  );
}
