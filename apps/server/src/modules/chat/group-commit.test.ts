import { describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.ts';

// The write function records each call's items, so a test sees how messages were grouped.
function recorder(delayMs = 5) {
  const writes: number[][] = [];
  const write = async (_key: number, items: number[]) => {
    writes.push([...items]);
    await new Promise((r) => setTimeout(r, delayMs));
    return items.map((i) => i * 10);
  };
  return { writes, write };
}

describe('group commit', () => {
  it('writes a lone item at once and groups the ones that arrive during a write, in order', async () => {
    const { writes, write } = recorder();
    const commit = createGroupCommit(write);
    const first = commit(1, 1);
    expect(writes).toEqual([[1]]); // started synchronously: no added delay
    const rest = [commit(1, 2), commit(1, 3)];
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30]);
    expect(writes).toEqual([[1], [2, 3]]);
  });

  it('with gatherMs, holds the first item so the next ones join the same write', async () => {
    const { writes, write } = recorder();
    const commit = createGroupCommit(write, { gatherMs: 30 });
    const a = commit(1, 1);
    await new Promise((r) => setTimeout(r, 10));
    const b = commit(1, 2);
    expect(writes).toEqual([]); // still gathering
    expect(await Promise.all([a, b])).toEqual([10, 20]);
    expect(writes).toEqual([[1, 2]]);
  });

  it('keeps keys apart and passes a failed write to its own callers only', async () => {
    const writes: number[][] = [];
    const commit = createGroupCommit<number, number>(async (key, items) => {
      writes.push(items);
      if (key === 2) throw new Error('down');
      return items;
    });
    const ok = commit(1, 7);
    const bad = commit(2, 8);
    await expect(ok).resolves.toBe(7);
    await expect(bad).rejects.toThrow('down');
    expect(writes).toEqual([[7], [8]]);
  });

  it('a write that fails on one item is tried one item at a time: the others are written, only the bad one fails', async () => {
    const writes: number[][] = [];
    const stored: number[] = [];
    const split: number[] = [];
    const commit = createGroupCommit<number, number>(
      async (_key, items) => {
        writes.push([...items]);
        await new Promise((r) => setTimeout(r, 5));
        // Like one statement: a bad row fails the whole write, nothing of it is kept.
        if (items.includes(13)) throw new Error('row refused');
        stored.push(...items);
        return items.map((i) => i * 10);
      },
      { onSplit: (_key, count) => split.push(count) },
    );
    const first = commit(1, 1);
    const batch = [12, 13, 14].map((i) => commit(1, i));
    await expect(first).resolves.toBe(10);
    const settled = await Promise.allSettled(batch);
    expect(settled.map((s) => (s.status === 'fulfilled' ? s.value : (s.reason as Error).message))).toEqual([120, 'row refused', 140]);
    expect(stored).toEqual([1, 12, 14]);
    expect(writes).toEqual([[1], [12, 13, 14], [12], [13], [14]]);
    expect(split).toEqual([3]);
    // The key goes on after the failure.
    await expect(commit(1, 15)).resolves.toBe(150);
  });
});
