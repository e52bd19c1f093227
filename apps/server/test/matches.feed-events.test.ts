import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { GOAL_KINDS } from '@livesports/contracts/matches';
import { type Database, openDatabase } from '../src/db/client.ts';
import { matchEvents, matches } from '../src/db/schema/matches.ts';
import { createMatchesRepo, type EventInput } from '../src/modules/matches/repo.ts';
import { testApp } from './helpers.ts';
import { footballMatch, ingestMatch, tag } from './matches-helpers.ts';

// A feed's events are written by one statement (`feed_add_events`, migration 0016): it locks the
// match, skips what is stored, counts the score along the rest, inserts them and updates the match.
// Several writers of one match at once must still store and count each event once; on PostgreSQL
// they run in parallel connections (a second pool).

let app: FastifyInstance;
let second: Database | null = null;

beforeAll(async () => {
  app = await testApp();
  if (app.database.kind === 'postgres') second = await openDatabase({ url: process.env.TEST_DATABASE_URL, dataDir: '', migrate: false, poolSize: 4 });
});
afterAll(async () => {
  await second?.close();
});

const goal = (key: string, side: number, score: [number, number] | null = null): EventInput => ({ extKey: key, kind: 'goal', side, minute: 30, extra: 0, player: `P ${key}`, player2: '', score });

async function stored(matchId: number) {
  const [m] = await app.database.db.select().from(matches).where(eq(matches.id, matchId));
  const events = await app.database.db.select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(asc(matchEvents.id));
  return { m, events };
}

describe('feed events in one statement', () => {
  it('writers of one match at once: each event is stored once, counted once, and each writer is told what it stored', async () => {
    const id = await ingestMatch(app, footballMatch(tag(), { status: 2, match_str: "30'" }));
    const repos = [createMatchesRepo(app.database.db), createMatchesRepo((second ?? app.database).db)];
    // Twelve writers, each sending two of six goals (g0, g2, g4 home; g1, g3, g5 away): every goal is sent by four.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => {
        const [a, b] = [i % 6, (i + 1) % 6];
        return repos[i % 2].applyEvents({ id }, [goal(`g${a}`, a % 2 ? 0 : 1), goal(`g${b}`, b % 2 ? 0 : 1)], GOAL_KINDS);
      }),
    );
    const told = results.flatMap((r) => r!.inserted);
    expect(told.map((e) => e.extKey).sort()).toEqual(['g0', 'g1', 'g2', 'g3', 'g4', 'g5']);
    const { m, events } = await stored(id);
    expect([m.homeScore, m.awayScore]).toEqual([3, 3]);
    expect(events).toHaveLength(6);
    // Each event holds the score after it: one more goal than the event before, for its side.
    let [h, a] = [0, 0];
    for (const e of events) {
      if (e.side === 1) h++;
      else a++;
      expect([e.extKey, e.homeScore, e.awayScore]).toEqual([e.extKey, h, a]);
    }
    // What the writers were told is what is stored, and the last writer's row is the match as it is.
    expect(told.map((e) => e.id).sort((x, y) => x - y)).toEqual(events.map((e) => e.id));
    const last = results.reduce((x, y) => (y!.row.m.rev > x!.row.m.rev ? y : x))!;
    expect(last.row.m).toMatchObject({ id, homeScore: 3, awayScore: 3, rev: m.rev, status: 2 });
    expect(last.row.m.updatedAt).toBeInstanceOf(Date);
    expect(last.row.m.kickoffAt.getTime()).toBe(m.kickoffAt.getTime());
    expect(last.row.h.nameEn).toMatch(/^Home /);
  });

  it('a score the feed gives wins over counting; an unknown match writes nothing and says so', async () => {
    const repo = createMatchesRepo(app.database.db);
    const id = await ingestMatch(app, footballMatch(tag(), { status: 2, match_str: "30'" }));
    const res = await repo.applyEvents({ id }, [goal('a', 1), goal('b', 1, [4, 2]), goal('c', 0), { ...goal('d', 0), kind: 'yellow' }], GOAL_KINDS);
    expect(res!.inserted.map((e) => [e.extKey, e.homeScore, e.awayScore])).toEqual([
      ['a', 1, 0],
      ['b', 4, 2],
      ['c', 4, 3],
      ['d', 4, 3],
    ]);
    expect(res!.row.m).toMatchObject({ homeScore: 4, awayScore: 3, awayYellow: 1 });
    expect(await repo.applyEvents({ id: 2_000_000_000 }, [goal('a', 1)], GOAL_KINDS)).toBeUndefined();
    expect(await repo.applyEvents({ source: 'feed', key: 'no-such-match' }, [goal('a', 1)], GOAL_KINDS)).toBeUndefined();
  });

  it.runIf(process.env.TEST_DATABASE_URL)('a writer holding an event of the match uncommitted: ours waits for it, then counts only what it adds', async () => {
    const repo = createMatchesRepo(app.database.db);
    const id = await ingestMatch(app, footballMatch(tag(), { status: 2, match_str: "30'" }));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((r) => (inserted = r));
    // The other writer inserts r1 in a transaction of its own, without locking the match itself
    // (its foreign key takes a share lock on the match row), and holds the transaction open.
    const other = second!.db.transaction(async (tx) => {
      await tx.insert(matchEvents).values({ matchId: id, extKey: 'r1', kind: 'goal', side: 1, minute: 5, homeScore: 1, awayScore: 0 });
      inserted();
      await held;
    });
    await insertedYet;
    let done = false;
    const ours = repo.applyEvents({ id }, [goal('r1', 1), goal('r2', 0)], GOAL_KINDS).finally(() => (done = true));
    await new Promise((r) => setTimeout(r, 300));
    // The match's lock waits for the other transaction: r1 is not read as missing while it is uncommitted.
    expect(done).toBe(false);
    release();
    await other;
    const res = await ours;
    expect(res!.inserted.map((e) => [e.extKey, e.homeScore, e.awayScore])).toEqual([['r2', 0, 1]]);
    const after = await stored(id);
    expect(after.events.map((e) => e.extKey)).toEqual(['r1', 'r2']);
    expect([after.m.homeScore, after.m.awayScore]).toEqual([0, 1]);
  });
});
