import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { type SqlClient, type SqlReply, type SqlRequest, createSqlClient } from './sql-link.ts';

/**
 * Embedded PGlite in a worker thread (pglite-worker.mjs), so a query never stops the server's
 * thread: sockets and cached reads keep being served while it runs. The thread speaks the SQL
 * link's protocol (db/sql-link.ts: query / begin / end / ready), so the client here is the same one
 * other processes use to reach the database owner. Each reply of a statement slower than `slowMs`
 * carries its time, reported with the statement's SQL.
 *
 * Answers come back on a port of their own, and `collectReplies` takes the ones already there
 * without waiting for the event loop to come round to them. Why: on a loaded server a turn of the
 * loop is every ready socket's callback, and an answer back in 1–3 ms waited 6 ms (median) to
 * 21 ms behind a match-day crowd's requests before a goal could go out. The server calls it before
 * each request it takes (platform/database.ts), so an answer waits one request at most. It never waits itself.
 */

export interface SlowQuery {
  ms: number;
  sql: string;
}

type Reply = { id: number; ok: boolean; result?: unknown; error?: Record<string, unknown>; slow?: number };

export async function startPgliteThread(dir: string, onSlow?: (q: SlowQuery) => void, slowMs = 20): Promise<SqlClient & { close(): Promise<void>; collectReplies(): void }> {
  const replies = new MessageChannel();
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir, slowMs, replies: replies.port2 }, transferList: [replies.port2] });
  const pending = new Map<number, { resolve: (r: SqlReply) => void; sql?: string }>();
  let nextId = 1;
  let dead: string | null = null;

  const settle = (m: Reply) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.slow !== undefined && p.sql) onSlow?.({ ms: Math.round(m.slow), sql: p.sql });
    p.resolve(m.ok ? { ok: true, result: m.result } : { ok: false, error: m.error ?? { message: 'database error' } });
  };
  replies.port1.on('message', settle);
  const collectReplies = () => {
    for (let got; pending.size && (got = receiveMessageOnPort(replies.port1));) settle(got.message as Reply);
  };
  const fail = (why: string) => {
    dead = why;
    replies.port1.close();
    for (const p of pending.values()) p.resolve({ ok: false, error: { message: why } });
    pending.clear();
  };
  worker.on('error', (err) => fail(`database thread failed: ${err.message}`));
  worker.on('exit', (code) => fail(`database thread exited (${code})`));

  const send = (req: SqlRequest | { op: 'close' }): Promise<SqlReply> => {
    if (dead) return Promise.resolve({ ok: false, error: { message: dead } });
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, { resolve, sql: req.op === 'query' ? req.sql : undefined });
      worker.postMessage({ id, ...req });
    });
  };

  const ready = await send({ op: 'ready' });
  if (!ready.ok) throw new Error(String(ready.error.message));
  const client = createSqlClient(send);
  return Object.assign(client, {
    collectReplies,
    async close() {
      if (!dead) await send({ op: 'close' });
      await worker.terminate();
      replies.port1.close();
    },
  });
}
