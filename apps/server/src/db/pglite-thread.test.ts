import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgliteThread } from './pglite-thread.ts';

// The embedded database's own thread: a server busy with requests takes the answers already back
// between them (collectReplies), without waiting for its event loop to come round.

let db: Awaited<ReturnType<typeof startPgliteThread>>;
beforeAll(async () => {
  db = await startPgliteThread('memory://');
});
afterAll(() => db.close());

describe('PGlite thread', () => {
  it('hands an answer over between two requests, with no turn of the event loop', async () => {
    let rows: unknown[] | null = null;
    void db.query('select 41 + 1 as n').then((r) => (rows = r.rows));
    // Busy as a loaded server is: only microtasks run here, never the loop's message delivery.
    const until = performance.now() + 5000;
    while (!rows && performance.now() < until) {
      db.collectReplies();
      for (let i = 0; i < 10; i++) await null;
    }
    expect(rows).toEqual([{ n: 42 }]);
  });

  it('still answers through the event loop when nothing collects', async () => {
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    // Nothing pending: collecting takes nothing and costs nothing.
    db.collectReplies();
  });
});
