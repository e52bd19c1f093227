import { act, cleanup, render, screen as ui } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, setupI18n } from '@/test-utils';
import '../../locales';
import { earlyVideo, startEarlyStream, takeEarlyStream } from './early-stream';
import { LivePlayer } from './live-player';

// A live room opened by its address starts its stream from the early getRoomInfo answer, before the
// page renders; the room's player then takes that <video> (already playing) instead of starting its own.
// The stream library is replaced by a recorder here (jsdom has no media pipeline); the browser
// journey (e2e live.spec.ts) and `npm run bench -- live` play real streams.

const players: Array<{ url: string; video: HTMLVideoElement | null; destroyed: boolean }> = [];
vi.mock('mpegts.js', () => ({
  default: {
    Events: { ERROR: 'error', LOADING_COMPLETE: 'complete', MEDIA_INFO: 'media_info' },
    // What flv-loader.ts builds its loader on (the loader itself is tested in flv-loader.test.ts).
    BaseLoader: class {},
    LoaderStatus: {},
    LoaderErrors: {},
    createPlayer: (source: { url: string }) => {
      const p = { url: source.url, video: null as HTMLVideoElement | null, destroyed: false };
      players.push(p);
      return {
        on: () => undefined,
        attachMediaElement: (v: HTMLVideoElement) => (p.video = v),
        load: () => undefined,
        pause: () => undefined,
        unload: () => undefined,
        detachMediaElement: () => (p.video = null),
        destroy: () => (p.destroyed = true),
      };
    },
  },
}));

const levels = [
  { level: 'hd', flv: '/live/7_hd.flv', hls: '/live/7_hd/index.m3u8', locked: true, height: 720 },
  { level: 'sd', flv: '/live/7_sd.flv', hls: '/live/7_sd/index.m3u8', locked: false, height: 480 },
];
const answer = (isLive: number) => envelope({ code: 200, msg: 'Success', data: { live: { is_live: isLive, levels } } });
const flush = () => act(async () => new Promise((r) => setTimeout(r, 0)));

beforeAll(async () => {
  await setupI18n('en');
});
beforeEach(() => {
  vi.stubGlobal('MediaSource', class {});
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  players.length = 0;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the early stream of a live room', () => {
  it("plays the level the player would choose (a visitor's first open one), muted, outside the page", async () => {
    await startEarlyStream(answer(1));
    await flush();
    const video = earlyVideo('/live/7_sd.flv');
    expect(video).not.toBeNull();
    expect(video!.isConnected).toBe(false);
    expect(video!.muted).toBe(true);
    expect(players).toHaveLength(1);
    expect(players[0].url).toMatch(/\/live\/7_sd\.flv$/);
    expect(earlyVideo('/live/7_hd.flv')).toBeNull();
    // Taken once: a second player gets nothing.
    expect(takeEarlyStream(video!, { onFatal: () => undefined })).not.toBeNull();
    expect(takeEarlyStream(video!, { onFatal: () => undefined })).toBeNull();
  });

  it('starts nothing for an offline room or an error answer', async () => {
    await startEarlyStream(answer(0));
    await startEarlyStream(envelope({ code: 0, msg: 'Room not found', data: null }));
    await startEarlyStream(new Response('not json'));
    await flush();
    expect(earlyVideo('/live/7_sd.flv')).toBeNull();
    expect(players).toHaveLength(0);
  });

  it('is stopped when no player takes it within 10 s', async () => {
    vi.useFakeTimers();
    await startEarlyStream(answer(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(earlyVideo('/live/7_sd.flv')).not.toBeNull();
    await vi.advanceTimersByTimeAsync(10_001);
    expect(earlyVideo('/live/7_sd.flv')).toBeNull();
    expect(players[0].destroyed).toBe(true);
  });

  it("the room's player shows that video and does not start a second stream", async () => {
    await startEarlyStream(answer(1));
    await flush();
    const video = earlyVideo('/live/7_sd.flv');
    render(<LivePlayer levels={levels as never} ladder onReconnect={() => undefined} theater={false} onTheater={() => undefined} />);
    await flush();
    const shown = ui.getByTestId('live-video');
    expect(shown).toBe(video);
    expect(shown.dataset.level).toBe('sd');
    expect(ui.getByTestId('live-player').contains(shown)).toBe(true);
    expect(players).toHaveLength(1);
    expect(players[0].video).toBe(video);
  });

  it('without an early stream the player makes its own video and stream', async () => {
    render(<LivePlayer levels={levels as never} ladder onReconnect={() => undefined} theater={false} onTheater={() => undefined} poster="/covers/7.jpg" />);
    await flush();
    const shown = ui.getByTestId('live-video') as HTMLVideoElement;
    expect(shown.getAttribute('poster')).toBe('/covers/7.jpg');
    expect(players).toHaveLength(1);
    expect(players[0].video).toBe(shown);
  });
});
