import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { RealtimeConnection, type RealtimeStatus } from './connection';
import { RealtimeRequestError } from './pending-requests';
import { FakeSocket } from './fake-socket';

// The shared connection against a scripted socket: reconnect waits (backoff with jitter and a
// cap), the heartbeat noticing a silent server, answers matched to requests by id, and frames
// outside the schema skipped without breaking anything.

const frameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello') }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('ok'), rid: z.number().optional(), of: z.string() }),
  z.object({ type: z.literal('no'), rid: z.number().optional(), of: z.string(), msg: z.string() }),
]);
type Frame = z.infer<typeof frameSchema>;

function setup(opts: { random?: () => number; reconnectAtOnce?: (code: number) => boolean } = {}) {
  const frames: Frame[] = [];
  const statuses: RealtimeStatus[] = [];
  const urls: number[] = [];
  const conn = new RealtimeConnection<Frame>({
    url: (attempt) => (urls.push(attempt), 'ws://test/ws'),
    schema: frameSchema,
    onOpen: () => conn.send({ type: 'login' }),
    onFrame: (f) => frames.push(f),
    onStatus: (s) => statuses.push(s),
    heartbeat: { frame: { type: 'ping' }, everyMs: 1000, timeoutMs: 300 },
    backoff: { baseMs: 100, capMs: 1000, jitter: 0.5 },
    ackOf: (f) => (f.type === 'ok' ? { kind: f.of, rid: f.rid } : f.type === 'no' ? { kind: f.of, rid: f.rid, error: f.msg } : null),
    requestTimeoutMs: 500,
    ...opts,
  });
  return { conn, frames, statuses, urls, last: () => FakeSocket.all.at(-1)! };
}

describe('RealtimeConnection', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reconnects after drops with growing waits inside the jitter bounds, up to the cap', async () => {
    const random = vi.fn(() => 0);
    const { conn, statuses, urls } = setup({ random });
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(1);
    // No jitter drawn as 0: the full wait 100, 200, 400, 800, then the cap 1000.
    for (const [i, wait] of [100, 200, 400, 800, 1000, 1000].entries()) {
      FakeSocket.all.at(-1)!.drop();
      expect(conn.status).toBe('offline');
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(FakeSocket.all).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all).toHaveLength(i + 2);
    }
    // Jitter drawn as ~1: half the wait (the cap's 1000 → 500).
    random.mockReturnValue(0.999_999);
    FakeSocket.all.at(-1)!.drop();
    await vi.advanceTimersByTimeAsync(499);
    const before = FakeSocket.all.length;
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all.length).toBe(before + 1);
    // The owner says it worked: the next wait is the shortest again.
    FakeSocket.all.at(-1)!.open();
    conn.resetBackoff();
    FakeSocket.all.at(-1)!.drop();
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.all.length).toBe(before + 2);
    expect(urls[0]).toBe(0);
    expect(urls.slice(1).every((a) => a > 0)).toBe(true);
    expect(statuses).toContain('open');
    conn.stop();
    expect(conn.status).toBe('idle');
  });

  it('reconnects at once for a close code the owner names', async () => {
    const { conn } = setup({ reconnectAtOnce: (code) => code === 4003 });
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    FakeSocket.all[0].open();
    FakeSocket.all[0].drop(4003);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(2);
    conn.stop();
  });

  it('pings, and reconnects when the server stays silent past the timeout', async () => {
    const { conn, last } = setup({ random: () => 0 });
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    const ws = last();
    ws.open();
    expect(ws.sent).toEqual([{ type: 'login' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(ws.sent.at(-1)).toEqual({ type: 'ping' });
    ws.receive({ type: 'pong' });
    // Answered: no reconnect, the next ping goes out a second later.
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(ws.sent.filter((f) => f.type === 'ping')).toHaveLength(2);
    // Silent: after the timeout the socket is given up and a new one opens after the backoff.
    await vi.advanceTimersByTimeAsync(300);
    expect(conn.status).toBe('offline');
    expect(ws.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.all).toHaveLength(2);
    // The dead socket's late events change nothing.
    ws.receive({ type: 'hello' });
    ws.drop();
    expect(FakeSocket.all).toHaveLength(2);
    conn.stop();
  });

  it('resolves a request with the answer carrying its id, whatever the order', async () => {
    const { conn, last } = setup();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    const a = conn.request({ type: 'send' });
    const b = conn.request({ type: 'send' });
    const [ra, rb] = last()
      .sent.slice(1)
      .map((f) => f.rid as number);
    expect(ra).not.toBe(rb);
    last().receive({ type: 'no', of: 'send', rid: rb, msg: 'too fast' });
    last().receive({ type: 'ok', of: 'send', rid: ra });
    await expect(a).resolves.toEqual({ type: 'ok', of: 'send', rid: ra });
    await expect(b).rejects.toMatchObject({ reason: 'refused', message: 'too fast' });
    // A server that does not echo the id: the oldest request of that kind.
    const c = conn.request({ type: 'c2c' });
    const d = conn.request({ type: 'send' });
    last().receive({ type: 'ok', of: 'send' });
    last().receive({ type: 'ok', of: 'c2c' });
    await expect(d).resolves.toMatchObject({ of: 'send' });
    await expect(c).resolves.toMatchObject({ of: 'c2c' });
    conn.stop();
  });

  it('rejects a request on timeout, on close, and at once when offline', async () => {
    const { conn, last } = setup();
    await expect(conn.request({ type: 'send' })).rejects.toMatchObject({ reason: 'offline' });
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    const slow = conn.request({ type: 'send' });
    const slowDone = expect(slow).rejects.toMatchObject({ reason: 'timeout' });
    await vi.advanceTimersByTimeAsync(500);
    await slowDone;
    const cut = conn.request({ type: 'send' });
    last().drop();
    await expect(cut).rejects.toBeInstanceOf(RealtimeRequestError);
    await expect(cut).rejects.toMatchObject({ reason: 'offline' });
    conn.stop();
  });

  it('skips frames that are not JSON or not in the schema, and keeps going', async () => {
    const { conn, frames, last } = setup();
    conn.start();
    await vi.advanceTimersByTimeAsync(0);
    last().open();
    expect(() => {
      last().receive('not json {');
      last().receive({ type: 'hello', extra: 1 });
      last().receive({ type: 'unknown' });
      last().receive({ type: 'ok' }); // missing `of`
      last().receive(42);
      last().receive({ type: 'pong' });
    }).not.toThrow();
    expect(frames).toEqual([{ type: 'hello' }, { type: 'pong' }]);
    expect(conn.status).toBe('open');
    expect(FakeSocket.all).toHaveLength(1);
    conn.stop();
  });
});
