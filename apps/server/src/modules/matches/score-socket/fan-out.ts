import { SocketCode } from '@livesports/contracts/matches';
import { type PreparedFrame, joinFrames } from '../../../platform/prepared-frame.ts';
import type { PushMessage } from '../push.ts';
import { type Client, deliver, frame } from './client.ts';
import type { Snapshots } from './snapshots.ts';

type Outbox = Array<{ buf: PreparedFrame; to: (c: Client) => boolean; urgent?: boolean }>;
type Plan = (c: Client) => PreparedFrame | null;
/** A batch being written: its sockets (those registered when it began), how far it got, what each gets. */
type Batch = { targets: Client[]; next: number; plan: Plan };

const everyone = () => true;

/**
 * How long one turn of the event loop may spend writing a batch to sockets. 5,000 socket writes in
 * one go hold the thread for tens of milliseconds on a busy machine, and every HTTP request waiting
 * meanwhile (a match-day crowd) waits that long; past this budget the loop answers them, then goes
 * on. A budget rather than a count: on a quiet machine the whole batch still leaves in one or two
 * turns.
 *
 * Not for a goal: a batch with a goal alert is written in one go before the push returns, and a
 * sliced batch a goal finds in progress is finished in the same pass (see `now`). Under a crowd every
 * turn of the loop is a round of the crowd's requests (~30 ms at 200 connections here), and a write to one
 * loopback socket cost ~25 µs on this VM, so 5,000 sockets were 13 slices: the goal reached the sockets 450 ms late at p50 (a plain ws
 * server that writes at once: 80–90 ms). `npm run bench -- matchday` (b): p50 during the crowd
 * 450–490 → 240–270 ms. The price: requests that arrive during a goal's write wait for it (~125 ms),
 * as on the plain server; goals are a few a match, row changes and odds keep their slices.
 */
export const FAN_OUT_SLICE_MS = 8;
/** Sockets written between two looks at the clock. */
const CLOCK_EVERY = 64;

/** Which joined buffer a client gets of one turn's frames (null: none of them is for it). */
function planOf(batch: Outbox): Plan {
  if (batch.every((f) => f.to === everyone)) {
    const joined = joinFrames(batch.map((f) => f.buf));
    return () => joined;
  }
  // Odds go to the clients of one bookmaker: clients taking the same frames share one joined buffer.
  const joined = new Map<string, PreparedFrame>();
  return (c) => {
    const mine = batch.filter((f) => f.to(c));
    if (!mine.length) return null;
    const key = mine.map((f) => batch.indexOf(f)).join();
    let buf = joined.get(key);
    if (!buf) joined.set(key, (buf = joinFrames(mine.map((f) => f.buf))));
    return buf;
  };
}

/** `first` then `then` as one buffer, joined once per pair of buffers (most sockets share both). */
function pairJoiner() {
  const memo = new Map<PreparedFrame, Map<PreparedFrame, PreparedFrame>>();
  return (first: PreparedFrame, then: PreparedFrame) => {
    let byThen = memo.get(first);
    if (!byThen) memo.set(first, (byThen = new Map()));
    let buf = byThen.get(then);
    if (!buf) byThen.set(then, (buf = joinFrames([first, then])));
    return buf;
  };
}

/**
 * The live push: each change the matches service announces becomes a code 100 frame (its snapshot
 * cache dropped). Frames of one turn of the event loop are written to each socket together: a goal
 * brings its alert and its row change at once, and one write (one system call) per socket carries
 * both, instead of one per frame. The alert keeps its place in front. With 5,000 sockets this loop
 * is the push's whole cost, so the common case (every frame for everyone) joins the frames once
 * and does no per-socket work beyond the write.
 *
 * A batch goes out FAN_OUT_SLICE_MS of writing per turn. Frames that come meanwhile wait for the batch
 * to finish and go out as the next one, so every socket still gets every frame in order. A client
 * that registers after a batch began is not in it: its snapshot, read after the change dropped the
 * snapshot cache, already holds the change.
 */
export function createFanOut(clients: Set<Client>, snapshots: Snapshots) {
  let outbox: Outbox = [];
  /** The batch being written (across turns of the loop when sliced); null when none is. */
  let current: Batch | null = null;

  function pump() {
    if (current || !outbox.length) return;
    const budget = outbox.some((f) => f.urgent) ? Infinity : FAN_OUT_SLICE_MS;
    const batch: Batch = { targets: [...clients], next: 0, plan: planOf(outbox) };
    outbox = [];
    current = batch;
    write(batch, budget);
  }

  function write(batch: Batch, budget: number) {
    const until = performance.now() + budget;
    const { targets, plan } = batch;
    while (batch.next < targets.length) {
      const c = targets[batch.next++];
      if (c.registered) {
        const buf = plan(c);
        if (buf) deliver(c, buf);
      }
      if (batch.next % CLOCK_EVERY === 0 && performance.now() >= until) break;
    }
    // Skipped when a goal finished the batch meanwhile (`now`).
    if (batch.next < targets.length) return void setImmediate(() => current === batch && write(batch, FAN_OUT_SLICE_MS));
    current = null;
    if (outbox.length) setImmediate(pump);
  }

  function queue(buf: PreparedFrame, to: (c: Client) => boolean, urgent = false) {
    // The first frame of a turn schedules the write (a batch in progress schedules it when done).
    if (!outbox.length && !current) setImmediate(pump);
    outbox.push({ buf, to, urgent });
  }

  /**
   * A goal's frames (and whatever waits with them) go out before the push returns. When a sliced
   * batch is under way, one pass over the sockets writes what each still owes of that batch and the
   * waiting frames together, in that order, in one write: a socket the batch has not reached yet
   * pays one system call, not two, so the goal reaches the last socket after one fan-out's time,
   * not after the rest of the batch and then its own. In one run of `npm run bench -- matchday` (b),
   * 4 of about 100 goals and cards found a replayed row change under way, 776–1,480 sockets short of
   * its end.
   */
  function now() {
    const batch = current;
    if (!batch) return pump();
    current = null;
    const waiting: Plan = outbox.length ? planOf(outbox) : () => null;
    outbox = [];
    const owed = new Set(batch.targets.slice(batch.next));
    const join = pairJoiner();
    for (const c of clients) {
      if (!c.registered) continue;
      const first = owed.has(c) ? batch.plan(c) : null;
      const then = waiting(c);
      const buf = first && then ? join(first, then) : (first ?? then);
      if (buf) deliver(c, buf);
    }
  }

  return function onPush(msg: PushMessage) {
    if (msg.t === 'rows') {
      snapshots.dropMatches(msg.sport);
      for (const alert of msg.alerts ?? []) queue(frame(SocketCode.DATA, '', alert), everyone, true);
      queue(frame(SocketCode.DATA, '', { type: `${msg.sport}_match`, snapshot: false, list: msg.rows }), everyone);
      // A goal's message is the whole of it (its alert and its row): written now, not a turn later.
      if (msg.alerts?.length) now();
    } else if (msg.t === 'odds') {
      snapshots.dropOdds(msg.sport);
      const byCompany = new Map<number, typeof msg.rows>();
      for (const r of msg.rows) byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r]);
      for (const [companyId, rows] of byCompany) {
        const buf = frame(SocketCode.DATA, '', { type: `${msg.sport}_exponent`, snapshot: false, company_id: companyId, list: rows });
        queue(buf, (c) => c.classify === 0 && c.companyId === companyId);
      }
    } else if (msg.t === 'alert') {
      queue(frame(SocketCode.DATA, '', msg.frame), everyone, true);
      now();
    }
  };
}
