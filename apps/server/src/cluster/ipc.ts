import type { Worker } from 'node:cluster';
import type { SqlReply, SqlRequest, SqlServer } from '../db/sql-link.ts';
import type { IpcPort } from '../platform/ipc-bus.ts';
import type { Owner, OwnerCall } from '../platform/owner.ts';

/** SQL over the IPC channel: a request carries an id, its reply the same id. */
type SqlFrame = { sqlq: number; req: SqlRequest };
type SqlAnswer = { sqlr: number; reply: SqlReply };
const isSqlFrame = (m: unknown): m is SqlFrame => typeof m === 'object' && m !== null && typeof (m as { sqlq?: unknown }).sqlq === 'number';
const isSqlAnswer = (m: unknown): m is SqlAnswer => typeof m === 'object' && m !== null && typeof (m as { sqlr?: unknown }).sqlr === 'number';

/** A cluster worker's channel to the primary. */
export function processPort(): IpcPort {
  if (!process.send) throw new Error('not started by a cluster primary');
  return {
    send: (m) => void (process.connected && process.send!(m)),
    onMessage(handler) {
      process.on('message', handler);
      return () => void process.off('message', handler);
    },
  };
}

/** The primary's channel to one worker. */
export function workerPort(worker: Worker): IpcPort {
  return {
    send: (m) => void (worker.isConnected() && worker.send(m as never)),
    onMessage(handler) {
      worker.on('message', handler);
      return () => void worker.off('message', handler);
    },
  };
}

/** Calls for the database owner (platform/owner.ts) over the IPC channel, answered by id like SQL. */
type CallFrame = { callq: number; name: string; arg: unknown };
type CallAnswer = { callr: number; ok: boolean; value?: unknown; error?: string };
const isCallFrame = (m: unknown): m is CallFrame => typeof m === 'object' && m !== null && typeof (m as { callq?: unknown }).callq === 'number';
const isCallAnswer = (m: unknown): m is CallAnswer => typeof m === 'object' && m !== null && typeof (m as { callr?: unknown }).callr === 'number';

/** A socket process's side: each call answered by the primary's handler of that name. */
export function callsOverIpc(port: IpcPort): OwnerCall {
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let next = 1;
  port.onMessage((m) => {
    if (!isCallAnswer(m)) return;
    const w = waiting.get(m.callr);
    waiting.delete(m.callr);
    if (m.ok) w?.resolve(m.value);
    else w?.reject(new Error(m.error));
  });
  return (name, arg) =>
    new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      port.send({ callq: id, name, arg } satisfies CallFrame);
    });
}

/** The primary's side: answers one worker's calls with the owner's handlers. */
export function serveCalls(port: IpcPort, handlers: Owner['handlers']) {
  return port.onMessage((m) => {
    if (!isCallFrame(m)) return;
    const handler = handlers.get(m.name);
    const answer = (a: Omit<CallAnswer, 'callr'>) => port.send({ callr: m.callq, ...a } satisfies CallAnswer);
    if (!handler) return answer({ ok: false, error: `no owner call ${m.name}` });
    void Promise.resolve(m.arg)
      .then(handler)
      .then(
        (value) => answer({ ok: true, value }),
        (err: unknown) => answer({ ok: false, error: err instanceof Error ? err.message : String(err) }),
      );
  });
}

/** A socket process's side of the SQL link: each request answered by the primary's database. */
export function sqlOverIpc(port: IpcPort): (req: SqlRequest) => Promise<SqlReply> {
  const waiting = new Map<number, (r: SqlReply) => void>();
  let next = 1;
  port.onMessage((m) => {
    if (!isSqlAnswer(m)) return;
    const done = waiting.get(m.sqlr);
    waiting.delete(m.sqlr);
    done?.(m.reply);
  });
  return (req) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      port.send({ sqlq: id, req } satisfies SqlFrame);
    });
}

/** The primary's side: answers one worker's SQL; the returned function rolls back what it left open. */
export function serveSql(port: IpcPort, server: SqlServer, owner: unknown) {
  const off = port.onMessage((m) => {
    if (!isSqlFrame(m)) return;
    void server.handle(m.req, owner).then((reply) => port.send({ sqlr: m.sqlq, reply } satisfies SqlAnswer));
  });
  return async () => {
    off();
    await server.dropOwner(owner);
  };
}
