// The tiny wrapper between a <video> and the two stream libraries, loaded only when a stream
// plays (they are large): HTTP-FLV through mpegts.js wherever Media Source Extensions exist,
// HLS through hls.js (or the browser itself, e.g. iOS Safari) where they don't.

import { uncredentialedLoader } from './flv-loader';

export interface StreamSource {
  flv: string | null;
  hls: string | null;
}

export interface StreamEngine {
  kind: 'flv' | 'hls' | 'native-hls';
  destroy(): void;
}

export interface EngineEvents {
  /** The stream broke or ended: the caller decides whether to reconnect. */
  onFatal(reason: string): void;
  /** Picture size as the decoder reports it. */
  onMediaInfo?(info: { width: number; height: number }): void;
}

const hasMse = () => typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

/** Which engine would play this source here, without loading anything. */
export function pickEngine(src: StreamSource, video: HTMLVideoElement): StreamEngine['kind'] | null {
  if (src.flv && hasMse()) return 'flv';
  if (src.hls && hasMse()) return 'hls';
  if (src.hls && video.canPlayType('application/vnd.apple.mpegurl')) return 'native-hls';
  return null;
}

/**
 * Starts loading the FLV library as soon as a room page opens (live or waiting for its anchor):
 * when the stream starts, the player does not wait for a ~170 KB download and parse first.
 */
export function preloadEngine() {
  if (hasMse()) void import('mpegts.js').catch(() => undefined);
}

export async function startEngine(video: HTMLVideoElement, src: StreamSource, events: EngineEvents): Promise<StreamEngine | null> {
  const kind = pickEngine(src, video);
  if (kind === 'flv') {
    const { default: mpegts } = await import('mpegts.js');
    const player = mpegts.createPlayer(
      { type: 'flv', isLive: true, url: new URL(src.flv!, window.location.href).href, hasAudio: true, hasVideo: true },
      {
        enableWorker: false,
        enableStashBuffer: false,
        stashInitialSize: 128 * 1024,
        lazyLoad: false,
        // Stay near the live edge: catch up when the buffer grows past ~2 s.
        liveBufferLatencyChasing: true,
        liveBufferLatencyMaxLatency: 2.5,
        liveBufferLatencyMinRemain: 0.6,
        autoCleanupSourceBuffer: true,
        // Its own connections, not the page's (flv-loader.ts).
        customLoader: uncredentialedLoader(mpegts),
      },
    );
    player.on(mpegts.Events.ERROR, (type: string, detail: string) => events.onFatal(`${type}:${detail}`));
    player.on(mpegts.Events.LOADING_COMPLETE, () => events.onFatal('ended'));
    player.on(mpegts.Events.MEDIA_INFO, (info: { width?: number; height?: number }) => {
      if (info.width && info.height) events.onMediaInfo?.({ width: info.width, height: info.height });
    });
    player.attachMediaElement(video);
    player.load();
    return {
      kind,
      destroy() {
        try {
          player.pause();
          player.unload();
          player.detachMediaElement();
        } finally {
          player.destroy();
        }
      },
    };
  }
  if (kind === 'hls') {
    const { default: Hls } = await import('hls.js');
    const hls = new Hls({ lowLatencyMode: true, liveSyncDurationCount: 2, maxLiveSyncPlaybackRate: 1.5 });
    hls.on(Hls.Events.ERROR, (_e, data) => {
      if (data.fatal) events.onFatal(`hls:${data.details}`);
    });
    hls.on(Hls.Events.LEVEL_LOADED, (_e, data) => {
      if (!data.details.live) events.onFatal('ended');
    });
    hls.loadSource(src.hls!);
    hls.attachMedia(video);
    return { kind, destroy: () => hls.destroy() };
  }
  if (kind === 'native-hls') {
    video.src = src.hls!;
    const onError = () => events.onFatal('native:error');
    const onEnded = () => events.onFatal('ended');
    video.addEventListener('error', onError);
    video.addEventListener('ended', onEnded);
    return {
      kind,
      destroy() {
        video.removeEventListener('error', onError);
        video.removeEventListener('ended', onEnded);
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  return null;
}
