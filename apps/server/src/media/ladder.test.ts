import { describe, expect, it } from 'vitest';
import { copyArgs, ladderArgs, planLadder } from './ladder.ts';
import { allowedLevels, parseStreamName, signPlay, verifyPlay } from './play-token.ts';

describe('planLadder', () => {
  it('a 1080p push gets 720p, 480p and 360p encodes', () => {
    expect(planLadder({ width: 1920, height: 1080, fps: 30 })).toEqual([
      { level: 'hd', height: 720, alias: false, kbps: 2765 },
      { level: 'sd', height: 480, alias: false, kbps: 1230 },
      { level: 'smooth', height: 360, alias: false, kbps: 691 },
    ]);
  });

  it('a rung as tall as the source is the original itself', () => {
    const r = planLadder({ width: 1280, height: 720, fps: 30 });
    expect(r.map((x) => [x.level, x.height, x.alias])).toEqual([
      ['hd', 720, true],
      ['sd', 480, false],
      ['smooth', 360, false],
    ]);
    const small = planLadder({ width: 640, height: 360, fps: 15 });
    expect(small.map((x) => [x.height, x.alias])).toEqual([
      [360, true],
      [240, false],
      [180, false],
    ]);
  });

  it('assumes 720p when the metadata says nothing', () => {
    expect(planLadder({ width: 0, height: 0, fps: 0 }).map((x) => x.height)).toEqual([720, 480, 360]);
  });

  it('sends each encoded rung to its own pipe and skips aliases', () => {
    const { args, fdOf } = ladderArgs(planLadder({ width: 1280, height: 720, fps: 30 }), '/tmp/hls');
    expect([...fdOf]).toEqual([
      ['sd', 3],
      ['smooth', 4],
    ]);
    expect(args.join(' ')).toContain('split=2');
    expect(args.join(' ')).not.toContain('/tmp/hls/hd/');
    // The original is not the ladder's: a struggling encode never holds it back.
    expect(args.join(' ')).not.toContain('/tmp/hls/original/');
    expect(args).toContain('-progress');
  });

  it('lowers the preset and records each rung when asked', () => {
    const { args } = ladderArgs(planLadder({ width: 1920, height: 1080, fps: 30 }), '/tmp/hls', { preset: 'ultrafast', recordDir: '/tmp/rec' });
    expect(args.filter((a) => a === 'ultrafast')).toHaveLength(3);
    expect(args.join(' ')).toContain('/tmp/rec/sd/index.m3u8');
  });

  it('copies the original, live and recorded, without encoding it', () => {
    const args = copyArgs('/tmp/hls', '/tmp/rec').join(' ');
    expect(args).toContain('-c copy');
    expect(args).toContain('/tmp/hls/original/index.m3u8');
    expect(args).toContain('/tmp/rec/original/index.m3u8');
    expect(args).not.toContain('libx264');
  });
});

describe('play tokens', () => {
  const secret = 'test-secret';
  const now = 1_700_000_000;
  const parse = (q: string) => Object.fromEntries(new URLSearchParams(q)) as { e: string; s: string };

  it('open exactly the room and level they were signed for, until they expire', () => {
    const q = parse(signPlay(secret, 12, 'sd', now + 60));
    expect(verifyPlay(secret, 12, 'sd', q.e, q.s, now)).toBe(true);
    expect(verifyPlay(secret, 12, 'hd', q.e, q.s, now)).toBe(false);
    expect(verifyPlay(secret, 13, 'sd', q.e, q.s, now)).toBe(false);
    expect(verifyPlay(secret, 12, 'sd', String(now + 3600), q.s, now)).toBe(false);
    expect(verifyPlay(secret, 12, 'sd', q.e, q.s, now + 61)).toBe(false);
    expect(verifyPlay('other', 12, 'sd', q.e, q.s, now)).toBe(false);
    expect(verifyPlay(secret, 12, 'sd', undefined, q.s, now)).toBe(false);
  });

  it('visitors may watch SD and smooth, users every level', () => {
    expect([...allowedLevels(false)]).toEqual(['sd', 'smooth']);
    expect([...allowedLevels(true)]).toEqual(['original', 'hd', 'sd', 'smooth']);
  });

  it('parses stream names', () => {
    expect(parseStreamName('12_hd')).toEqual({ roomId: 12, level: 'hd' });
    expect(parseStreamName('12_4k')).toBeNull();
    expect(parseStreamName('../12_hd')).toBeNull();
  });
});
