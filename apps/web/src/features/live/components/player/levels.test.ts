import { describe, expect, it } from 'vitest';
import type { PlayLevel } from '@livesports/contracts/live';
import { nearestLevel } from './levels';

const lv = (level: PlayLevel['level'], height: number, locked = false): PlayLevel => ({ level, height, locked, flv: locked ? null : `/live/1_${level}.flv`, hls: null });

describe('nearestLevel', () => {
  it('moves a viewer off a shed rung to the nearest open level by height', () => {
    // A 1080p push: HD (720p) was shed; SD (480p) is nearer than the original (1080p).
    expect(nearestLevel([lv('original', 1080), lv('sd', 480), lv('smooth', 360)], 720)?.level).toBe('sd');
    // A 720p push with SD (480p) shed: smooth (360p) is nearer than the original (720p).
    expect(nearestLevel([lv('original', 720), lv('smooth', 360)], 480)?.level).toBe('smooth');
    // Every encode shed: the original.
    expect(nearestLevel([lv('original', 720)], 360)?.level).toBe('original');
  });

  it('never picks a locked level', () => {
    expect(nearestLevel([lv('original', 1080, true), lv('hd', 720, true), lv('smooth', 360)], 480)?.level).toBe('smooth');
  });
});
