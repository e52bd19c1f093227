import { describe, expect, it } from 'vitest';
import type { StoredMessage } from './repo.ts';
import { createSequencer } from './sequencer.ts';

const msg = (groupId: number, text: string) => ({ groupId, fromIdentifier: '7', nick: 'Fan', avatar: '', type: 'TIMTextElem', payload: { text } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function setup(opts: { stored?: Record<number, number>; failStore?: () => boolean; failLast?: () => boolean; storeMs?: number } = {}) {
  const published: Array<[number, number]> = [];
  const rows = new Map<number, StoredMessage[]>();
  const errors: string[] = [];
  let lastSeqReads = 0;
  const log = { error: (_o: unknown, m: string) => errors.push(m) } as never;
  const seq = createSequencer({
    lastSeq: async (g) => {
      lastSeqReads++;
      if (opts.failLast?.()) throw new Error('database down');
      return opts.stored?.[g] ?? 0;
    },
    store: async (g, msgs) => {
      await sleep(opts.storeMs ?? 5);
      if (opts.failStore?.()) throw new Error('disk full');
      rows.set(g, [...(rows.get(g) ?? []), ...msgs]);
    },
    publish: async (m) => void published.push([m.groupId, m.seq]),
    now: () => new Date(1_700_000_000_000),
    log,
    gatherMs: 10,
  });
  return { seq, published, rows, errors, reads: () => lastSeqReads };
}

describe('chat sequencer (embedded database: numbers in memory, rows stored behind)', () => {
  it('numbers a room after its stored last sequence, in arrival order; publishes at once, answers once stored', async () => {
    const { seq, published, rows, reads } = setup({ stored: { 5: 41 } });
    const pending = ['a', 'b', 'c'].map((t) => seq.sequence(msg(5, t)));
    await sleep(1);
    // On the bus already, in order; the rows are still gathering, and nobody has been answered.
    expect(published).toEqual([
      [5, 42],
      [5, 43],
      [5, 44],
    ]);
    expect(rows.get(5)).toBeUndefined();
    const out = await Promise.all(pending);
    expect(out.map((m) => [m.seq, (m.payload as { text: string }).text])).toEqual([
      [42, 'a'],
      [43, 'b'],
      [44, 'c'],
    ]);
    // Answered: the rows are written, together.
    expect(rows.get(5)!.map((m) => m.seq)).toEqual([42, 43, 44]);
    expect(out[0]).toMatchObject({ groupId: 5, ext: null, createdAt: new Date(1_700_000_000_000) });
    // The database was asked once for the room's last number.
    await seq.sequence(msg(5, 'd'));
    expect(reads()).toBe(1);
  });

  it('keeps rooms apart', async () => {
    const { seq } = setup({ stored: { 1: 10 } });
    const [a, b, c] = await Promise.all([seq.sequence(msg(1, 'x')), seq.sequence(msg(2, 'y')), seq.sequence(msg(1, 'z'))]);
    expect([a.seq, b.seq, c.seq]).toEqual([11, 1, 12]);
  });

  it('settled waits for the rows on their way; flush waits for every room', async () => {
    const { seq, rows } = setup({ storeMs: 30 });
    void seq.sequence(msg(1, 'a'));
    void seq.sequence(msg(2, 'b'));
    await sleep(1);
    expect(rows.size).toBe(0);
    await seq.settled(1);
    expect(rows.get(1)).toHaveLength(1);
    await seq.flush();
    expect(rows.get(2)).toHaveLength(1);
    // Nothing on its way: resolves at once.
    await seq.settled(3);
  });

  it('a failed store is logged and fails the sender (the viewers had it); later messages go on numbering', async () => {
    let fail = true;
    const { seq, errors, rows, published } = setup({ failStore: () => fail });
    await expect(seq.sequence(msg(1, 'a'))).rejects.toThrow('disk full');
    expect(published).toEqual([[1, 1]]);
    expect(errors).toEqual(['chat message not stored']);
    await seq.settled(1);
    fail = false;
    expect((await seq.sequence(msg(1, 'b'))).seq).toBe(2);
    expect(rows.get(1)!.map((r) => r.seq)).toEqual([2]);
  });

  it('a failed read of the last number fails that message and is asked again for the next', async () => {
    let fail = true;
    const { seq, published, reads } = setup({ stored: { 1: 7 }, failLast: () => fail });
    await expect(seq.sequence(msg(1, 'a'))).rejects.toThrow('database down');
    expect(published).toEqual([]);
    fail = false;
    expect((await seq.sequence(msg(1, 'b'))).seq).toBe(8);
    expect(reads()).toBe(2);
  });
});
