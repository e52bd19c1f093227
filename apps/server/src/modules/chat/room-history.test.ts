import { describe, expect, it } from 'vitest';
import type { ImMessage } from '@livesports/contracts/chat';
import { RoomHistory } from './room-history.ts';

const msg = (seq: number): ImMessage => ({ groupId: 1, seq, from: '7', nick: 'n', avatar: '', type: 'TIMTextElem', payload: { text: `m${seq}` }, time: 0 });
const seqs = (list: ImMessage[] | null) => list?.map((m) => m.seq) ?? null;
const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => msg(a + i));

describe("RoomHistory (a room's latest messages in memory)", () => {
  it('answers nothing before it is seeded, then the last page and resumes from memory', () => {
    const h = new RoomHistory(10);
    h.add(msg(1));
    expect(h.page(undefined, 3, 100)).toBeNull();
    h.seed(range(1, 5));
    expect(seqs(h.page(undefined, 3, 100))).toEqual([3, 4, 5]);
    expect(seqs(h.page(2, 3, 100))).toEqual([3, 4, 5]);
    expect(seqs(h.page(0, 3, 2))).toEqual([1, 2]);
    expect(h.page(5, 3, 100)).toEqual([]);
    // A client that saw more than this process heard yet gets nothing now; the rest arrives live.
    expect(h.page(9, 3, 100)).toEqual([]);
  });

  it('merges what the bus brought while the database was read, once each', () => {
    const h = new RoomHistory(10);
    h.add(msg(6));
    h.add(msg(5));
    h.seed(range(3, 5));
    expect(seqs(h.page(undefined, 10, 100))).toEqual([3, 4, 5, 6]);
    h.add(msg(6));
    expect(seqs(h.page(undefined, 10, 100))).toEqual([3, 4, 5, 6]);
  });

  it('sends a resume older than what it keeps, or past a message still on its way, to the database', () => {
    const h = new RoomHistory(4);
    h.seed(range(1, 4));
    h.add(msg(5));
    h.add(msg(6));
    expect(seqs(h.page(undefined, 10, 100))).toEqual([3, 4, 5, 6]);
    expect(h.page(1, 10, 100)).toBeNull();
    expect(seqs(h.page(2, 10, 100))).toEqual([3, 4, 5, 6]);
    // 8 arrived before 7 (two processes sending into the room): memory is not sure until 7 is in.
    h.add(msg(8));
    expect(h.page(undefined, 10, 100)).toBeNull();
    expect(h.page(6, 10, 100)).toBeNull();
    h.add(msg(7));
    expect(seqs(h.page(6, 10, 100))).toEqual([7, 8]);
  });

  it('an empty room is known to be empty', () => {
    const h = new RoomHistory(4);
    h.seed([]);
    expect(h.page(undefined, 3, 100)).toEqual([]);
    expect(h.page(0, 3, 100)).toEqual([]);
    h.add(msg(1));
    expect(seqs(h.page(0, 3, 100))).toEqual([1]);
  });

  it('counts versions, so a frame built from one can be reused until the next message', () => {
    const h = new RoomHistory(4);
    h.seed([]);
    const v = h.version;
    h.add(msg(1));
    expect(h.version).toBe(v + 1);
  });
});
