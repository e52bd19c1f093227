import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StreamHealth } from '@livesports/contracts/live-health';
import { envelope, mockFetch, Providers, setupI18n } from '@/test-utils';
import { StreamHealthCard } from './stream-health-card';

// The studio's health card renders the warnings in the page's language from their code and numbers
// (the server's own text, here Spanish, is in the language of the request that fetched it), and
// marks the figure a warning is about.

const health = (over: Partial<StreamHealth> = {}): StreamHealth => ({
  room_id: 7,
  receiving: true,
  since: '2026-12-07T20:00:00.000Z',
  width: 1280,
  height: 720,
  bitrate_kbps: 2450,
  video_kbps: 2320,
  fps: 25,
  keyframe_interval_s: 12,
  dropped_frames: 0,
  late_frames: 0,
  last_frame_ms: 30,
  rungs: [
    { level: 'original', height: 720, up: true },
    { level: 'sd', height: 480, up: false },
  ],
  restarts: 0,
  warnings: [{ code: 'keyframe_far', params: { seconds: 12, max: 4, advised: 2 }, message: 'Los fotogramas clave llegan cada 12 s (texto del servidor)' }],
  ...over,
});

beforeAll(() => setupI18n('en'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('stream health card', () => {
  it('shows the figures, the rungs and the warning in the page language with the OBS setting', async () => {
    mockFetch(() => envelope({ code: 200, msg: '', data: health() }));
    render(<StreamHealthCard />, { wrapper: Providers });
    const warning = await screen.findByTestId('health-warning-keyframe_far');
    expect(warning.textContent?.replaceAll('\u00a0', ' ')).toBe(
      'Keyframes arrive every 12 s (at most 4 s is fine): new viewers wait for a picture and quality changes stall. In OBS: Settings → Output → Keyframe Interval → 2 s.',
    );
    expect(screen.getByTestId('health-keyframe').className).toContain('stream-health__figure--bad');
    expect(screen.getByTestId('health-bitrate').className).not.toContain('--bad');
    expect(screen.getByTestId('health-bitrate').textContent).toContain('2450 kbps');
    expect(screen.getByTestId('health-rung-sd').getAttribute('data-up')).toBe('no');
    expect(screen.queryByTestId('health-ok')).toBeNull();
  });

  it('says so when the stream is fine, and waits for the encoder when nothing arrives', async () => {
    mockFetch(() => envelope({ code: 200, msg: '', data: health({ keyframe_interval_s: 2, warnings: [] }) }));
    render(<StreamHealthCard />, { wrapper: Providers });
    expect((await screen.findByTestId('health-ok')).textContent).toContain('Your stream looks good.');
    cleanup();
    mockFetch(() => envelope({ code: 200, msg: '', data: health({ receiving: false, warnings: [] }) }));
    render(<StreamHealthCard />, { wrapper: Providers });
    expect(await screen.findByText(/Nothing arrives from your encoder yet/)).toBeTruthy();
  });
});
