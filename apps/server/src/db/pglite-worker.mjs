// The embedded database's own thread (db/pglite-thread.ts starts it). PGlite runs PostgreSQL as
// WebAssembly in the thread that calls it: in the server's thread, every query stopped every socket
// and every other request for as long as it ran. Here it runs beside them; the server thread only
// sends SQL and receives rows. Plain JavaScript: a worker thread does not go through tsx.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

const SLOW_MS = workerData.slowMs ?? 20;
const db = new PGlite(workerData.dir);

// Drizzle keeps dates and intervals as the text PostgreSQL sends (it parses them itself).
const keep = (v) => v;
const TEXT_PARSERS = { [types.TIMESTAMP]: keep, [types.TIMESTAMPTZ]: keep, [types.INTERVAL]: keep, [types.DATE]: keep, 1231: keep, 1115: keep, 1185: keep, 1187: keep, 1182: keep };

/**
 * Open transactions, by the id the client gave them: { tx, end(commit), opened, done }. The client
 * sends its first query without waiting for `begin` (db/sql-link.ts says why): such a query waits
 * here until the transaction is open.
 */
const txs = new Map();

/** The transaction `id`, once open; null when it is over or never began. */
async function openTx(id) {
  const t = txs.get(id);
  if (!t) return null;
  await t.opened;
  return t;
}

/** A database error as a plain object (code, constraint… survive; an Error's own fields would not). */
function plainError(err) {
  const out = { message: String(err?.message ?? err) };
  for (const [k, v] of Object.entries(err ?? {})) if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

async function query(target, m) {
  const started = performance.now();
  const res = await target.query(m.sql, m.params ?? [], { rowMode: m.rowMode ?? 'object', ...(m.keepText ? { parsers: TEXT_PARSERS } : {}) });
  const ms = performance.now() - started;
  return { result: { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows }, slow: ms > SLOW_MS ? ms : undefined };
}

// Requests come on the thread's own port, answers go back on a port of their own (pglite-thread.ts
// says why).
const replies = workerData.replies;

parentPort.on('message', async (m) => {
  const reply = (body) => replies.postMessage({ id: m.id, ...body });
  try {
    if (m.op === 'query') {
      const target = m.tx ? (await openTx(m.tx))?.tx : db;
      if (!target) throw new Error('transaction is over');
      reply({ ok: true, ...(await query(target, m)) });
    } else if (m.op === 'begin') {
      const id = m.tx;
      let opened;
      const ready = new Promise((r) => (opened = r));
      // Registered before anything is awaited: the transaction's first query is already on its way.
      const entry = { tx: null, end: () => undefined, opened: ready, done: null };
      txs.set(id, entry);
      entry.done = db
        .transaction(
          (tx) =>
            new Promise((resolve, reject) => {
              entry.tx = tx;
              entry.end = (commit) => (commit ? resolve() : reject(Object.assign(new Error('rollback'), { rollback: true })));
              opened();
            }),
        )
        .then(
          () => ({ ok: true }),
          (err) => (err?.rollback ? { ok: true } : { ok: false, error: plainError(err) }),
        )
        .finally(() => txs.delete(id));
      // Another transaction may hold the database: this waits for it.
      entry.opened = Promise.race([ready, entry.done.then(() => undefined)]);
      await entry.opened;
      if (!entry.tx) return reply({ ok: false, error: (await entry.done).error ?? { message: 'transaction did not start' } });
      reply({ ok: true, result: id });
    } else if (m.op === 'end') {
      const t = await openTx(m.tx);
      if (!t) return reply({ ok: true });
      t.end(m.commit);
      reply(await t.done);
    } else if (m.op === 'close') {
      await db.close();
      reply({ ok: true });
    } else if (m.op === 'ready') {
      await db.waitReady;
      reply({ ok: true });
    }
  } catch (err) {
    reply({ ok: false, error: plainError(err) });
  }
});
