import { describe, expect, it } from 'vitest';
import type { IngestHealth } from '../../media/ingest.ts';
import type { MeterReading } from '../../media/stream-meter.ts';
import type { AuthUser } from '../../platform/auth.ts';
import { createStreamHealthService } from './stream-health.service.ts';

// Warnings from the ingest's figures, on a fake ingest and clock.

const calm: MeterReading = { bitrateKbps: 2600, videoKbps: 2470, fps: 25, keyframeIntervalMs: 2000, droppedFrames: 0, droppedRecent: 0, lateFrames: 0, lastFrameMs: 20 };
const rungs = [
  { level: 'original' as const, height: 720, up: true },
  { level: 'hd' as const, height: 720, up: true },
  { level: 'sd' as const, height: 480, up: true },
  { level: 'smooth' as const, height: 360, up: true },
];

function setup(h: Partial<Omit<IngestHealth, 'reading'>> & { reading?: Partial<MeterReading> }) {
  const clock = { t: Date.parse('2026-12-07T20:00:30Z') };
  const state: IngestHealth = { since: new Date('2026-12-07T20:00:00Z'), width: 1280, height: 720, restarts: 0, rungs, ...h, reading: { ...calm, ...h.reading } };
  const service = createStreamHealthService({ source: (id) => (id === 7 ? state : null), now: () => clock.t });
  return { service, state, clock };
}
const anchor = { id: 7, isAnchor: true } as AuthUser;
/** Numbers and units are held together by no-break spaces; compare with plain ones. */
const plain = (s: string) => s.replaceAll('\u00a0', ' ');
const codes = (h: { warnings: Array<{ code: string }> }) => h.warnings.map((w) => w.code);

describe('stream health warnings', () => {
  it('a well-set encoder gets its figures and no warning', () => {
    const h = setup({}).service.mine(anchor, undefined, 'en');
    expect(h).toMatchObject({ room_id: 7, receiving: true, bitrate_kbps: 2600, fps: 25, keyframe_interval_s: 2, height: 720, warnings: [] });
    expect(h.rungs.every((r) => r.up)).toBe(true);
  });

  it('keyframes 12 s apart: says so in the anchor language, with the OBS setting', () => {
    const { service } = setup({ reading: { keyframeIntervalMs: 12_000 } });
    const es = service.mine(anchor, 7, 'es');
    expect(codes(es)).toEqual(['keyframe_far']);
    expect(plain(es.warnings[0].message)).toBe(
      'Los fotogramas clave llegan cada 12 s (lo correcto es 4 s como máximo): los nuevos espectadores esperan la imagen y el cambio de calidad se congela. En OBS: Ajustes → Salida → Intervalo de fotogramas clave → 2 s.',
    );
    expect(plain(service.mine(anchor, 7, 'zh').warnings[0].message)).toContain('关键帧间隔 → 2 秒');
  });

  it('too much for the machine: a bitrate over the cap, rungs down once started, a recent restart', () => {
    const { service, state, clock } = setup({ reading: { bitrateKbps: 9000 } });
    const high = service.of(7, 'en');
    expect(codes(high)).toEqual(['bitrate_high']);
    expect(plain(high.warnings[0].message)).toBe('Your encoder sends 9000 kbps, more than this server handles well for 720p (up to 5000 kbps). In OBS: Settings → Output → Bitrate → 3000 kbps.');
    state.reading.bitrateKbps = 2600;
    // The ladder sheds HD: a rung down 30 s in is load, not a start.
    state.rungs = rungs.map((r) => (r.level === 'hd' ? { ...r, up: false } : r));
    expect(service.of(7, 'en').warnings[0]).toMatchObject({ code: 'overloaded', params: { down: 1, restarts: 0 } });
    // A restart keeps the warning up for two minutes, then it clears.
    state.rungs = rungs;
    state.restarts = 1;
    expect(codes(service.of(7, 'en'))).toEqual(['overloaded']);
    clock.t += 121_000;
    expect(codes(service.of(7, 'en'))).toEqual([]);
  });

  it('a rung still starting is not a warning; frames missing and a stalled picture are', () => {
    const { service, state, clock } = setup({ reading: { droppedRecent: 12, lastFrameMs: 4200 } });
    clock.t = state.since.getTime() + 5000;
    state.rungs = rungs.map((r) => (r.level === 'original' ? r : { ...r, up: false }));
    expect(codes(service.of(7, 'en'))).toEqual(['frames_dropped', 'stalled']);
  });

  it('anchors only, their own room only; a room not received answers not receiving', () => {
    const { service } = setup({});
    expect(() => service.mine({ id: 7, isAnchor: false } as AuthUser, undefined, 'en')).toThrow('live.not_anchor');
    expect(() => service.mine({ id: 8, isAnchor: true } as AuthUser, 7, 'en')).toThrow('live_health.not_your_room');
    expect(service.mine({ id: 8, isAnchor: true } as AuthUser, undefined, 'en')).toMatchObject({ room_id: 8, receiving: false, rungs: [], warnings: [] });
  });
});
