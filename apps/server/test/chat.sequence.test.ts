import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { createChatRepo } from '../src/modules/chat/repo.ts';
import { testDatabase } from './helpers.ts';

// A room's messages are numbered by one statement that bumps the group's sequence and inserts the
// rows (chat/repo.ts). Several writers at once — here several repos, each with its own group commit,
// as several socket processes have — must still get distinct, gapless numbers, and what each was
// told it stored must be what the database holds.

let room = 900_000_000 + (process.pid % 1_000_000);

const msg = (groupId: number, text: string, ext?: unknown) => ({
  groupId,
  fromIdentifier: '42',
  nick: 'Fan',
  avatar: '',
  type: 'TIMTextElem',
  payload: { text },
  ...(ext === undefined ? {} : { ext }),
});

describe('chat sequence numbers', () => {
  it('concurrent writers to one room get distinct, gapless numbers and the rows say what they were told', async () => {
    const database = await testDatabase();
    // On PostgreSQL a second pool, so the writers really run in parallel connections.
    const second = database.kind === 'postgres' ? await openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: '', migrate: false, poolSize: 4 }) : null;
    try {
      const groupId = room++;
      const repos = [createChatRepo(database.db), createChatRepo((second ?? database).db), createChatRepo(database.db, { gatherMs: 5 })];
      const sent = await Promise.all(Array.from({ length: 60 }, (_, i) => repos[i % repos.length].append(msg(groupId, `m${i}`, i % 2 ? { role: 'fan', i } : undefined))));
      const seqs = sent.map((s) => s.seq).sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      const stored = await repos[0].history(groupId, null, 100);
      expect(stored).toHaveLength(60);
      for (const s of sent) {
        const row = stored.find((r) => r.seq === s.seq)!;
        expect(row).toMatchObject({ groupId, seq: s.seq, fromIdentifier: '42', nick: 'Fan', type: 'TIMTextElem', payload: s.payload, ext: s.ext ?? null });
        expect(row.createdAt.getTime()).toBe(s.createdAt.getTime());
      }
      // One writer's messages keep their order.
      const firstRepo = sent.filter((_, i) => i % repos.length === 0);
      expect(firstRepo.map((s) => s.seq)).toEqual([...firstRepo.map((s) => s.seq)].sort((a, b) => a - b));
      // The next message continues the numbering.
      expect((await repos[1].append(msg(groupId, 'after'))).seq).toBe(61);
    } finally {
      await second?.close();
    }
  });

  it('numbered rows (the embedded database numbers in memory) are stored as told and move the room’s last number up, never down', async () => {
    const database = await testDatabase();
    const repo = createChatRepo(database.db);
    const groupId = room++;
    expect(await repo.lastSeq(groupId)).toBe(0);
    const at = new Date('2026-11-29T12:00:00.000Z');
    const numbered = (seq: number, text: string) => ({ ...msg(groupId, text, seq === 2 ? { role: 'anchor' } : undefined), ext: seq === 2 ? { role: 'anchor' } : null, seq, createdAt: at });
    await repo.storeNumbered(groupId, [numbered(1, 'a'), numbered(2, 'b')]);
    expect(await repo.lastSeq(groupId)).toBe(2);
    await repo.storeNumbered(groupId, [numbered(3, 'c')]);
    expect(await repo.lastSeq(groupId)).toBe(3);
    const rows = await repo.history(groupId, null, 10);
    expect(rows.map((r) => [r.seq, (r.payload as { text: string }).text, r.ext])).toEqual([
      [1, 'a', null],
      [2, 'b', { role: 'anchor' }],
      [3, 'c', null],
    ]);
    expect(rows[0].createdAt.getTime()).toBe(at.getTime());
    // Rows written late (a slower gather) do not move the number back.
    const g2 = room++;
    await repo.storeNumbered(
      g2,
      [numbered(5, 'late')].map((m) => ({ ...m, groupId: g2 })),
    );
    await repo.storeNumbered(
      g2,
      [numbered(4, 'early')].map((m) => ({ ...m, groupId: g2 })),
    );
    expect(await repo.lastSeq(g2)).toBe(5);
  });
});
