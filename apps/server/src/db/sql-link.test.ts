import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SqlClient, createSqlClient, createSqlServer } from './sql-link.ts';
import { pgliteTextParsers } from './client.ts';

// Another process's queries against the embedded database (WORKERS > 1): requests cloned as they
// would be over IPC, answered by the owner's server.

let pg: PGlite;
let server: ReturnType<typeof createSqlServer>;
const clientOf = (owner: string): SqlClient => createSqlClient(async (req) => structuredClone(await server.handle(structuredClone(req), owner)));

beforeAll(async () => {
  pg = new PGlite();
  await pg.query('create table t (id serial primary key, n int not null unique, at timestamptz not null default now(), big bigint)');
  server = createSqlServer(pg as unknown as SqlClient, await pgliteTextParsers());
});
afterAll(() => pg.close());

describe('SQL link', () => {
  it('runs queries with their rows, types and the text Drizzle asks for', async () => {
    const c = clientOf('a');
    await c.query('insert into t (n, big) values ($1, $2)', [1, 9007199254740993n]);
    const obj = await c.query('select n, big from t where n = $1', [1]);
    expect(obj.rows).toEqual([{ n: 1, big: 9007199254740993n }]);
    const arr = await c.query('select n, at from t', [], { rowMode: 'array', parsers: {} });
    expect(typeof (arr.rows[0] as unknown[])[1]).toBe('string');
  });

  it('keeps errors with their fields, and rolls a failed transaction back', async () => {
    const c = clientOf('a');
    await expect(c.query('insert into t (n) values (1)')).rejects.toMatchObject({ code: '23505' });
    await expect(
      c.transaction(async (tx) => {
        await tx.query('insert into t (n) values (2)');
        await tx.query('insert into t (n) values (1)');
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await c.query('select count(*)::int as k from t where n = 2')).rows).toEqual([{ k: 0 }]);
    await c.transaction(async (tx) => void (await tx.query('insert into t (n) values (2)')));
    expect((await c.query('select count(*)::int as k from t where n = 2')).rows).toEqual([{ k: 1 }]);
  });

  it('rolls back what a process that went away left open, so the database is free again', async () => {
    const dying = clientOf('dying');
    let inside!: () => void;
    const reached = new Promise<void>((r) => (inside = r));
    void dying
      .transaction(async (tx) => {
        await tx.query('insert into t (n) values (3)');
        inside();
        await new Promise(() => undefined); // the process died here
      })
      .catch(() => undefined);
    await reached;
    expect(server.openTransactions).toBe(1);
    await server.dropOwner('dying');
    expect(server.openTransactions).toBe(0);
    expect((await clientOf('b').query('select count(*)::int as k from t where n = 3')).rows).toEqual([{ k: 0 }]);
  });

  it("sends a transaction's first query without waiting for begin's answer, and it waits for the open transaction ahead of it", async () => {
    const sent: string[] = [];
    // Begin's answers come late, as from a busy owner.
    const c = createSqlClient(async (req) => {
      sent.push(req.op);
      const reply = structuredClone(await server.handle(structuredClone(req), 'slow'));
      if (req.op === 'begin') await new Promise((r) => setTimeout(r, 30));
      return reply;
    });
    let release!: () => void;
    const holding = clientOf('a').transaction(async (tx) => {
      await tx.query('insert into t (n) values (40)');
      await new Promise<void>((r) => (release = r));
    });
    await new Promise((r) => setTimeout(r, 20));
    const second = c.transaction(async (tx) => (await tx.query('select count(*)::int as k from t where n = 40')).rows);
    await new Promise((r) => setTimeout(r, 20));
    // The query went out right behind begin, and waits on the owner for the first transaction.
    expect(sent).toEqual(['begin', 'query']);
    release();
    await holding;
    expect(await second).toEqual([{ k: 1 }]);
    expect(sent).toEqual(['begin', 'query', 'end']);
    expect(server.openTransactions).toBe(0);
  });

  it("keeps two processes' transactions apart though their clients number them alike, also after one went away", async () => {
    // Each client numbers its transactions from 1: a process started after one went away must not
    // land in another's transaction.
    await server.dropOwner('gone-before');
    const [x, y] = [clientOf('x'), clientOf('y')];
    await x.transaction(async (tx) => void (await tx.query('insert into t (n) values (50)')));
    let release!: () => void;
    const open = y.transaction(async (tx) => {
      await tx.query('insert into t (n) values (51)');
      await new Promise<void>((r) => (release = r));
      await tx.query('insert into t (n) values (52)');
    });
    await new Promise((r) => setTimeout(r, 20));
    await server.dropOwner('x');
    // z's first transaction has the number of y's open one, its first too.
    const z = clientOf('z');
    const failing = z.transaction(async (tx) => {
      await tx.query('insert into t (n) values (51)');
    });
    await new Promise((r) => setTimeout(r, 20));
    release();
    await open;
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect((await clientOf('w').query('select n from t where n between 50 and 52 order by n')).rows).toEqual([{ n: 50 }, { n: 51 }, { n: 52 }]);
  });
});
