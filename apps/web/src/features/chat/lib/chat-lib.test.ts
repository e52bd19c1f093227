import { beforeEach, describe, expect, it } from 'vitest';
import type { ImMessage } from '@livesports/contracts/chat';
import { mergeBySeq } from './seq';
import { LANE_TOP_PX, TOP_CLEAR_FRACTION, laneBand, laneCount, pickLane } from './lanes';
import { DANMAKU_KEY, SPEED_KEY, loadDanmaku, loadSpeed, saveDanmaku, saveSpeed } from './danmaku-settings';

const msg = (seq: number, text = `m${seq}`): ImMessage => ({ groupId: 7, seq, from: '1', nick: 'a', avatar: '', type: 'TIMTextElem', payload: { text }, time: 0 });

describe('mergeBySeq', () => {
  it('appends new messages in seq order and advances lastSeq', () => {
    const r = mergeBySeq([], [msg(2), msg(1), msg(3)], 0);
    expect(r.list.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(r.lastSeq).toBe(3);
    expect(r.fresh.map((m) => m.seq)).toEqual([1, 2, 3]);
  });

  it('skips messages at or below lastSeq and repeats inside a batch (resume overlap)', () => {
    const first = mergeBySeq([], [msg(1), msg(2)], 0);
    const r = mergeBySeq(first.list, [msg(2), msg(3), msg(3), msg(1), msg(4)], first.lastSeq);
    expect(r.list.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(r.fresh.map((m) => m.seq)).toEqual([3, 4]);
    expect(r.lastSeq).toBe(4);
  });

  it('returns the same list when nothing is new', () => {
    const list = [msg(1)];
    const r = mergeBySeq(list, [msg(1)], 1);
    expect(r.list).toBe(list);
    expect(r.fresh).toEqual([]);
  });

  it('keeps only the newest messages', () => {
    const r = mergeBySeq(
      [],
      [1, 2, 3, 4, 5].map((s) => msg(s)),
      0,
      3,
    );
    expect(r.list.map((m) => m.seq)).toEqual([3, 4, 5]);
    expect(r.lastSeq).toBe(5);
  });
});

describe('lanes', () => {
  it('counts lanes in the chosen area', () => {
    expect(laneCount(400, 28, 4)).toBe(14);
    expect(laneCount(400, 28, 1)).toBe(3);
    expect(laneCount(400, 28, 3)).toBe(10);
    expect(laneCount(10, 28, 1)).toBe(1);
  });

  it('takes the first free lane, then the first whose tail has entered with a gap', () => {
    expect(pickLane([], 3, 1000, 20)).toBe(0);
    expect(pickLane([{ right: 1200 }], 3, 1000, 20)).toBe(1);
    expect(pickLane([{ right: 1200 }, { right: 990 }, { right: 500 }], 3, 1000, 20)).toBe(2);
    expect(pickLane([{ right: 1200 }, { right: 980 }], 3, 1000, 20)).toBe(1);
  });

  it('when every lane is busy: least overlap, or dropped', () => {
    const tails = [{ right: 1300 }, { right: 1100 }, { right: 1200 }];
    expect(pickLane(tails, 3, 1000, 20)).toBe(1);
    expect(pickLane(tails, 3, 1000, 20, true)).toBe(-1);
  });
});

describe('lanes with the top kept clear (scoreboard and LIVE badge)', () => {
  it('starts below the top strip when on, at the very top when off', () => {
    // 400 px high, 28 px lines: the top 14 % is 56 px; lane 2 starts at 6 + 56 = 62 px.
    expect(laneBand(400, 28, 3, true)).toEqual({ first: 2, end: 10 });
    expect(laneBand(400, 28, 3, false)).toEqual({ first: 0, end: 10 });
    for (const [h, line] of [
      [360, 28],
      [720, 36.4],
      [200, 22.4],
      [1080, 28],
    ]) {
      const { first } = laneBand(h, line, 4, true);
      // The first lane used lies wholly below the strip; the one above it would reach into it.
      expect(LANE_TOP_PX + first * line).toBeGreaterThanOrEqual(h * TOP_CLEAR_FRACTION);
      expect(LANE_TOP_PX + (first - 1) * line).toBeLessThan(h * TOP_CLEAR_FRACTION);
    }
  });

  it('keeps at least one lane on a tiny player', () => {
    expect(laneBand(60, 28, 1, true)).toEqual({ first: 1, end: 2 });
  });

  it('never picks a lane inside the strip, even when the strip lanes are free', () => {
    expect(pickLane([], 10, 1000, 20, false, 2)).toBe(2);
    expect(pickLane([undefined, undefined, { right: 1200 }], 10, 1000, 20, true, 2)).toBe(3);
    const busy = [undefined, undefined, { right: 1300 }, { right: 1100 }];
    expect(pickLane(busy, 4, 1000, 20, false, 2)).toBe(3);
    expect(pickLane(busy, 4, 1000, 20, true, 2)).toBe(-1);
  });
});

describe('danmaku settings persistence', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to show, area 3, size 2, opacity 100, top kept clear, speed 1', () => {
    expect(loadDanmaku()).toEqual({ show: true, area: 3, size: 2, opacity: 100, avoidTop: true });
    expect(loadSpeed()).toBe(1);
  });

  it('saves and reads back', () => {
    saveDanmaku({ show: false, area: 1, size: 3, opacity: 40, avoidTop: false });
    saveSpeed(1.5);
    expect(JSON.parse(localStorage.getItem(DANMAKU_KEY)!)).toEqual({ show: false, area: 1, size: 3, opacity: 40, avoidTop: false });
    expect(loadDanmaku()).toEqual({ show: false, area: 1, size: 3, opacity: 40, avoidTop: false });
    expect(loadSpeed()).toBe(1.5);
  });

  it('clamps or replaces corrupt values', () => {
    localStorage.setItem(DANMAKU_KEY, JSON.stringify({ show: 'yes', area: 9, size: 0, opacity: 'x' }));
    localStorage.setItem(SPEED_KEY, '3');
    expect(loadDanmaku()).toEqual({ show: true, area: 4, size: 1, opacity: 100, avoidTop: true });
    expect(loadSpeed()).toBe(1);
    localStorage.setItem(DANMAKU_KEY, '{not json');
    expect(loadDanmaku()).toEqual({ show: true, area: 3, size: 2, opacity: 100, avoidTop: true });
  });
});
