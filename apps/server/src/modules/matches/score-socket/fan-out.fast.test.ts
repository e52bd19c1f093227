import { describe, expect, it } from 'vitest';
import type { AlertFrame, MatchRow } from '@livesports/contracts/matches';
import type { Client } from './client.ts';
import { FAN_OUT_SLICE_MS, createFanOut } from './fan-out.ts';
import type { Snapshots } from './snapshots.ts';

/**
 * The fan-out over sockets that take their time to write (as 5,000 loopback sockets do on a busy
 * machine): what each socket received, in order, with the turns of the event loop in between.
 */
function setup(count: number, writeMs: number) {
  const log: string[] = [];
  const clients = new Set<Client>();
  const received = new Map<number, string[]>();
  let writes = 0;
  const client = (i: number) => {
    const ws = {
      OPEN: 1,
      readyState: 1,
      bufferedAmount: 0,
      // What sendPrepared writes to an idle socket: the frames' bytes, once per socket.
      _sender: { _state: 0, _queue: [] },
      _socket: {
        write(bytes: Buffer) {
          const until = performance.now() + writeMs;
          while (performance.now() < until);
          writes++;
          for (const text of framesIn(bytes)) {
            const type = (JSON.parse(text) as { data: { type: string } }).data.type;
            received.get(i)!.push(type);
            log.push(type);
          }
          return true;
        },
      },
    };
    return { ws, id: String(i), registered: true, companyId: 0, classify: 1, lastSeen: 0, held: null, snapshotsInFlight: 0 } as unknown as Client;
  };
  for (let i = 0; i < count; i++) {
    received.set(i, []);
    clients.add(client(i));
  }
  const snapshots = { dropMatches: () => undefined, dropOdds: () => undefined } as unknown as Snapshots;
  const push = createFanOut(clients, snapshots);
  /** A socket that registers now (after `count` others). */
  const add = () => {
    const i = received.size;
    received.set(i, []);
    clients.add(client(i));
  };
  // Marks every turn of the loop in the log while the test runs.
  let ticking = true;
  const tick = () => {
    log.push('turn');
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    push,
    add,
    received,
    log,
    get writes() {
      return writes;
    },
    stop: () => (ticking = false),
  };
}

/** The texts of the unmasked WebSocket text frames in `bytes`. */
function framesIn(bytes: Buffer) {
  const out: string[] = [];
  for (let at = 0; at < bytes.length;) {
    let len = bytes[at + 1] & 0x7f;
    let head = 2;
    if (len === 126) [len, head] = [bytes.readUInt16BE(at + 2), 4];
    out.push(bytes.subarray(at + head, at + head + len).toString());
    at += head + len;
  }
  return out;
}

const row = { id: 1, sport: 'football' } as unknown as MatchRow;
const alert = { type: 'goal', match_id: 1, home_score: 1, away_score: 0 } as unknown as AlertFrame;
const settle = () => new Promise((r) => setTimeout(r, 400));

/** How many turns of the loop came between the first and the last write of `type`. */
function turnsWithin(log: string[], type: string) {
  const first = log.indexOf(type);
  const last = log.lastIndexOf(type);
  return log.slice(first, last).filter((x) => x === 'turn').length;
}

describe('score fan-out', () => {
  it('writes a row change in slices, letting the loop answer others between them', async () => {
    const f = setup(300, 0.1);
    f.push({ t: 'rows', sport: 'football', rows: [row] });
    await settle();
    f.stop();
    // 300 writes of 0.1 ms are 30 ms: more than one slice.
    expect(30).toBeGreaterThan(FAN_OUT_SLICE_MS);
    expect(turnsWithin(f.log, 'football_match')).toBeGreaterThan(0);
    for (const got of f.received.values()) expect(got).toEqual(['football_match']);
  });

  it('writes a goal to every socket in one go, and a goal that comes during a sliced batch finishes that batch at once, then follows it on every socket, in one write each', async () => {
    const f = setup(300, 0.1);
    f.push({ t: 'rows', sport: 'football', rows: [row] });
    // The goal (alert first, then its row change) arrives while the first batch is being written.
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    const reached = [...f.received.values()].filter((got) => got.length > 0).length;
    expect(reached).toBeGreaterThan(0);
    expect(reached).toBeLessThan(300);
    const writesBefore = f.writes;
    f.push({ t: 'alert', frame: alert });
    // Before the push returns: the rest of the row batch, then the goal, on every socket.
    for (const got of f.received.values()) expect(got).toEqual(['football_match', 'goal']);
    // One write per socket for the goal: the sockets still owed the row change got both in one.
    expect(f.writes - writesBefore).toBe(300);
    f.push({ t: 'rows', sport: 'football', rows: [row], alerts: [alert] });
    for (const got of f.received.values()) expect(got).toEqual(['football_match', 'goal', 'goal', 'football_match']);
    await settle();
    f.stop();
    for (const got of f.received.values()) expect(got).toEqual(['football_match', 'goal', 'goal', 'football_match']);
    // The goal's own batch took no turn of the loop from its first socket to its last.
    expect(turnsWithin(f.log, 'goal')).toBe(0);
  });

  it('a socket that registers during a sliced batch gets the goal that finishes it, not the batch (its snapshot holds that change)', async () => {
    const f = setup(300, 0.1);
    f.push({ t: 'rows', sport: 'football', rows: [row] });
    await new Promise((r) => setImmediate(r));
    f.add();
    f.push({ t: 'alert', frame: alert });
    f.stop();
    expect(f.received.get(300)).toEqual(['goal']);
    for (let i = 0; i < 300; i++) expect(f.received.get(i)).toEqual(['football_match', 'goal']);
  });

  it("writes a feed's goal (its alert and its row in one message) before the push returns: alert first, no turn of the loop", async () => {
    const f = setup(300, 0.01);
    f.push({ t: 'rows', sport: 'football', rows: [row], alerts: [alert] });
    for (const got of f.received.values()) expect(got).toEqual(['goal', 'football_match']);
    f.stop();
    // One write per socket carried both frames.
    expect(f.writes).toBe(300);
  });
});
