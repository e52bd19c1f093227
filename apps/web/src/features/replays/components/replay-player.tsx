import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type Hls from 'hls.js';
import type { ReplayDetail } from '@livesports/contracts/replays';
import { useLoginDialog } from '@/shared/stores/login-dialog';
import { Spinner } from '@/shared/ui/spinner';
import { clock } from '../lib';

export const SPEEDS = [0.5, 1, 1.25, 1.5, 2] as const;

export interface ReplayControl {
  seek(t: number): void;
}

export interface ReplayPlayerProps {
  replay: ReplayDetail;
  /** Drawn over the picture (the danmaku layer, gift effects). */
  overlay?: ReactNode;
  /** Where playback is, ten times a second and on every seek (drives danmaku and chat). */
  onTime?(t: number, playing: boolean, seeked: boolean): void;
  onReady?(control: ReplayControl): void;
  /** Marks on the seek bar (goals), each seeking when clicked. */
  marks?: Array<{ t: number; label: string }>;
  /** Start here (a shared link's ?t=). */
  startAt?: number;
}

/**
 * A broadcast's replay: HLS VOD through hls.js (the browser's own HLS where Media Source
 * Extensions are missing), with seeking, playback speed and the recorded quality levels.
 */
export function ReplayPlayer({ replay, overlay, onTime, onReady, marks = [], startAt = 0 }: ReplayPlayerProps) {
  const { t } = useTranslation('replays');
  const openLogin = useLoginDialog((s) => s.openLogin);
  const boxRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(replay.duration);
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(true);
  const [speed, setSpeed] = useState(1);
  const [menu, setMenu] = useState<'speed' | 'quality' | null>(null);
  const [levels, setLevels] = useState<Array<{ index: number; name: string; height: number }>>([]);
  const [level, setLevel] = useState(-1);
  const onTimeRef = useRef(onTime);
  onTimeRef.current = onTime;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !replay.master) return;
    let destroyed = false;
    const src = replay.master;
    const seekTo = (x: number) => {
      video.currentTime = Math.max(0, Math.min(x, (video.duration || replay.duration) - 0.2));
    };
    onReady?.({ seek: seekTo });
    void (async () => {
      const hasMse = 'MediaSource' in window || 'ManagedMediaSource' in window;
      if (!hasMse && video.canPlayType('application/vnd.apple.mpegurl')) {
        video.src = src;
      } else {
        const { default: HlsJs } = await import('hls.js');
        if (destroyed) return;
        const hls = new HlsJs({ startPosition: startAt > 0 ? startAt : -1, maxBufferLength: 20 });
        hlsRef.current = hls;
        hls.on(HlsJs.Events.MANIFEST_PARSED, (_e, data) => setLevels(data.levels.map((l, index) => ({ index, name: l.name || `${l.height}p`, height: l.height }))));
        hls.loadSource(src);
        hls.attachMedia(video);
      }
      if (startAt > 0) video.currentTime = startAt;
      await video.play().catch(async () => {
        video.muted = true;
        await video.play().catch(() => undefined);
      });
    })();
    return () => {
      destroyed = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [replay.master]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let raf = 0;
    let lastReport = 0;
    const report = (seeked: boolean) => onTimeRef.current?.(video.currentTime, !video.paused && !video.ended, seeked);
    const tick = (now: number) => {
      if (now - lastReport > 100) {
        lastReport = now;
        setTime(video.currentTime);
        report(false);
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    const on = {
      play: () => setPlaying(true),
      pause: () => {
        setPlaying(false);
        report(false);
      },
      playing: () => setWaiting(false),
      waiting: () => setWaiting(true),
      seeked: () => report(true),
      durationchange: () => Number.isFinite(video.duration) && setDuration(video.duration),
    };
    for (const [k, f] of Object.entries(on)) video.addEventListener(k, f);
    return () => {
      cancelAnimationFrame(raf);
      for (const [k, f] of Object.entries(on)) video.removeEventListener(k, f);
    };
  }, []);

  useEffect(() => {
    if (videoRef.current) videoRef.current.playbackRate = speed;
  }, [speed]);

  const toggle = () => {
    const v = videoRef.current;
    if (!v) return;
    if (v.paused) void v.play();
    else v.pause();
  };
  const chooseLevel = (index: number) => {
    setMenu(null);
    setLevel(index);
    if (hlsRef.current) hlsRef.current.currentLevel = index;
  };
  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void boxRef.current?.requestFullscreen?.();
  };
  const locked = replay.play_levels.filter((l) => l.locked);

  return (
    <div ref={boxRef} className="player replay-player" data-testid="replay-player" data-state={playing ? 'playing' : 'paused'}>
      <video ref={videoRef} className="player__video" playsInline poster={replay.poster || undefined} data-testid="replay-video" onClick={toggle} />
      {overlay && <div className="player__overlay">{overlay}</div>}
      {waiting && playing && (
        <div className="player__status" role="status">
          <Spinner size={28} />
        </div>
      )}
      <div className="replay-bar">
        <div className="replay-seek">
          <input
            type="range"
            min={0}
            max={Math.max(1, duration)}
            step={0.1}
            value={Math.min(time, duration)}
            onChange={(e) => {
              const v = videoRef.current;
              if (v) v.currentTime = Number(e.target.value);
            }}
            aria-label={t('player.seek')}
            data-testid="replay-seek"
          />
          {marks.map((m, i) => (
            <button
              key={i}
              type="button"
              className="replay-seek__mark"
              style={{ left: `${(m.t / Math.max(1, duration)) * 100}%` }}
              title={m.label}
              aria-label={m.label}
              onClick={() => {
                const v = videoRef.current;
                if (v) v.currentTime = m.t;
              }}
              data-testid="seek-mark"
            />
          ))}
        </div>
        <div className="player__bar replay-bar__row">
          <button type="button" className="player__btn player__btn--text" onClick={toggle} aria-label={playing ? t('player.pause') : t('player.play')} data-testid="replay-play">
            {playing ? '❚❚' : '▶'}
          </button>
          <span className="replay-time" data-testid="replay-time">
            {clock(time)} / {clock(duration)}
          </span>
          <span className="player__spacer" />
          <div className="player__quality">
            <button type="button" className="player__btn player__btn--text" onClick={() => setMenu(menu === 'speed' ? null : 'speed')} aria-haspopup="menu" data-testid="speed-button">
              {speed === 1 ? t('player.speed') : `${speed}×`}
            </button>
            {menu === 'speed' && (
              <div className="player__menu" role="menu">
                {SPEEDS.map((s) => (
                  <button
                    key={s}
                    type="button"
                    role="menuitemradio"
                    aria-checked={s === speed}
                    className={['player__menu-item', s === speed && 'is-active'].filter(Boolean).join(' ')}
                    onClick={() => (setSpeed(s), setMenu(null))}
                    data-testid={`speed-${s}`}
                  >
                    {s}×
                  </button>
                ))}
              </div>
            )}
          </div>
          <div className="player__quality">
            <button type="button" className="player__btn player__btn--text" onClick={() => setMenu(menu === 'quality' ? null : 'quality')} aria-haspopup="menu" data-testid="replay-quality">
              {level < 0 ? t('player.auto') : t(`levels.${levels[level]?.name ?? 'original'}`, { defaultValue: levels[level]?.name })}
            </button>
            {menu === 'quality' && (
              <div className="player__menu" role="menu" data-testid="replay-quality-menu">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={level < 0}
                  className={['player__menu-item', level < 0 && 'is-active'].filter(Boolean).join(' ')}
                  onClick={() => chooseLevel(-1)}
                >
                  {t('player.auto')}
                </button>
                {levels.map((l) => (
                  <button
                    key={l.index}
                    type="button"
                    role="menuitemradio"
                    aria-checked={l.index === level}
                    className={['player__menu-item', l.index === level && 'is-active'].filter(Boolean).join(' ')}
                    onClick={() => chooseLevel(l.index)}
                    data-testid={`replay-level-${l.name}`}
                  >
                    <span>{t(`levels.${l.name}`, { defaultValue: l.name })}</span>
                    <span className="player__menu-meta">{l.height ? `${l.height}p` : ''}</span>
                  </button>
                ))}
                {locked.map((l) => (
                  <button key={l.level} type="button" className="player__menu-item is-locked" onClick={() => (setMenu(null), openLogin('login'))} title={t('player.loginForLevel')}>
                    <span>{t(`levels.${l.level}`)}</span>
                    <span className="player__menu-meta">🔒</span>
                  </button>
                ))}
                {replay.levels.length === 1 && <p className="player__menu-note">{t('player.onlyOriginal')}</p>}
              </div>
            )}
          </div>
          <button type="button" className="player__btn player__btn--text" onClick={fullscreen} aria-label={t('player.fullscreen')} data-testid="replay-fullscreen">
            ⛶
          </button>
        </div>
      </div>
    </div>
  );
}
