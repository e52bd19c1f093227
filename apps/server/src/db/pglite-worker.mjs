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

/** Open transactions: id → { tx, end(commit) }. */
const txs = new Map();
let nextTx = 1;

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

parentPort.on('message', async (m) => {
  const reply = (body) => parentPort.postMessage({ id: m.id, ...body });
  try {
    if (m.op === 'query') {
      const target = m.tx ? txs.get(m.tx)?.tx : db;
      if (!target) throw new Error('transaction is over');
      reply({ ok: true, ...(await query(target, m)) });
    } else if (m.op === 'begin') {
      const id = nextTx++;
      let opened;
      const ready = new Promise((r) => (opened = r));
      const done = db
        .transaction(
          (tx) =>
            new Promise((resolve, reject) => {
              txs.set(id, { tx, end: (commit) => (commit ? resolve() : reject(Object.assign(new Error('rollback'), { rollback: true }))) });
              opened();
            }),
        )
        .then(
          () => ({ ok: true }),
          (err) => (err?.rollback ? { ok: true } : { ok: false, error: plainError(err) }),
        )
        .finally(() => txs.delete(id));
      txs.set(id, { tx: null, done });
      // Wait for the transaction to begin (another one may hold the database).
      await Promise.race([ready, done]);
      const t = txs.get(id);
      if (!t?.tx) return reply({ ok: false, error: (await done).error ?? { message: 'transaction did not start' } });
      t.done = done;
      reply({ ok: true, result: id });
    } else if (m.op === 'end') {
      const t = txs.get(m.tx);
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
