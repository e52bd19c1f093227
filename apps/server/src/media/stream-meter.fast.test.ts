import { describe, expect, it } from 'vitest';
import { StreamMeter } from './stream-meter.ts';

// The meter reads FLV tags as the ingest hands them to a subscriber. Here a synthetic encoder
// sends H.264 video and AAC audio with chosen timestamps, sizes and keyframes.

function tag(type: 8 | 9, time: number, data: Buffer): Buffer {
  const out = Buffer.alloc(11 + data.length + 4);
  out[0] = type;
  out.writeUIntBE(data.length, 1, 3);
  out.writeUIntBE(time & 0xffffff, 4, 3);
  out[7] = (time >>> 24) & 0xff;
  data.copy(out, 11);
  out.writeUInt32BE(11 + data.length, 11 + data.length);
  return out;
}
const video = (time: number, key: boolean, size = 2000) => {
  const d = Buffer.alloc(size);
  d[0] = (key ? 0x10 : 0x20) | 7;
  d[1] = 1; // AVC NALU
  return tag(9, time, d);
};
const avcHeader = () => tag(9, 0, Buffer.from([0x17, 0, 0, 0, 0, 1, 2, 3]));
const audio = (time: number, size = 200) => tag(8, time, Buffer.alloc(size, 0xaf));
const flvHeader = Buffer.from([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0]);

/** An encoder at `fps` with a keyframe every `gop` frames, in real time on a fake clock. */
function encode(meter: StreamMeter, clock: { t: number }, o: { fps: number; gop: number; seconds: number; from?: number; firstIndex?: number; skip?: (i: number) => boolean; frameBytes?: number }) {
  const step = 1000 / o.fps;
  const from = o.from ?? 0;
  const n = Math.round(o.seconds * o.fps);
  for (let i = 0; i < n; i++) {
    const time = Math.round(from + i * step);
    clock.t = 1_000_000 + time;
    if (o.skip?.(i)) continue;
    meter.push(video(time, ((o.firstIndex ?? 0) + i) % o.gop === 0, o.frameBytes));
    if (i % 2 === 0) meter.push(audio(time));
  }
  return Math.round(from + n * step);
}

describe('stream meter', () => {
  it('measures bitrate, frame rate and a short keyframe interval', () => {
    const clock = { t: 1_000_000 };
    const m = new StreamMeter(() => clock.t);
    m.push(flvHeader);
    m.push(avcHeader());
    encode(m, clock, { fps: 25, gop: 50, seconds: 8 });
    const r = m.read();
    // 25 × 2000 bytes of video + 12.5 × 200 of audio a second: 400 + 20 kbps.
    expect(r.videoKbps).toBeGreaterThanOrEqual(390);
    expect(r.videoKbps).toBeLessThanOrEqual(410);
    expect(r.bitrateKbps).toBeGreaterThan(r.videoKbps);
    expect(r.fps).toBeCloseTo(25, 0);
    expect(r.keyframeIntervalMs).toBe(2000);
    expect(r).toMatchObject({ droppedFrames: 0, droppedRecent: 0, lateFrames: 0, lastFrameMs: 0 });
  });

  it('shows a long keyframe interval once the open one passes 4 s, before the second keyframe', () => {
    const clock = { t: 1_000_000 };
    const m = new StreamMeter(() => clock.t);
    m.push(flvHeader);
    encode(m, clock, { fps: 25, gop: 300, seconds: 3 });
    expect(m.read().keyframeIntervalMs).toBeNull();
    encode(m, clock, { fps: 25, gop: 300, seconds: 3, from: 3000, firstIndex: 75 });
    // Frames 75…149 of the same GOP: no keyframe since 0, the open interval is ~6 s.
    expect(m.read().keyframeIntervalMs).toBeGreaterThan(5800);
  });

  it('counts frames missing from the timeline and frames arriving late', () => {
    const clock = { t: 1_000_000 };
    const m = new StreamMeter(() => clock.t);
    m.push(flvHeader);
    // 10 frames lost in a row (a network drop), then all well again.
    encode(m, clock, { fps: 25, gop: 50, seconds: 6, skip: (i) => i >= 60 && i < 70 });
    expect(m.read()).toMatchObject({ droppedFrames: 10, droppedRecent: 10, lateFrames: 0 });
    // The encoder falls behind: frames arrive 1.5 s after their time.
    for (let i = 0; i < 5; i++) {
      const time = 6000 + i * 40;
      clock.t = 1_000_000 + time + 1500;
      m.push(video(time, false));
    }
    expect(m.read().lateFrames).toBe(5);
    // A minute on, the drops are no longer recent (the total stays).
    clock.t += 61_000;
    expect(m.read()).toMatchObject({ droppedFrames: 10, droppedRecent: 0, lastFrameMs: 61_000 });
  });

  it('parses tags split across chunks, and a cached GOP replayed on attach does not make later frames late', () => {
    const clock = { t: 1_000_000 };
    const m = new StreamMeter(() => clock.t);
    // The attach replays 3 s of cached frames at once (old timestamps, all arriving now).
    const cached = Buffer.concat([flvHeader, ...Array.from({ length: 75 }, (_, i) => video(i * 40, i === 0))]);
    clock.t = 1_000_000 + 3000;
    m.prime(() => {
      for (let at = 0; at < cached.length; at += 777) m.push(cached.subarray(at, at + 777));
    });
    encode(m, clock, { fps: 25, gop: 50, seconds: 3, from: 3000, firstIndex: 75 });
    const r = m.read();
    expect(r.lateFrames).toBe(0);
    expect(r.fps).toBeCloseTo(25, 0);
  });
});
