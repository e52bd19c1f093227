import { SocketCode } from '@livesports/contracts/matches';
import { type PreparedFrame, joinFrames } from '../../../platform/prepared-frame.ts';
import type { PushMessage } from '../push.ts';
import { type Client, deliver, frame } from './client.ts';
import type { Snapshots } from './snapshots.ts';

type Outbox = Array<{ buf: PreparedFrame; to: (c: Client) => boolean; urgent?: boolean }>;

const everyone = () => true;

/**
 * How long one turn of the event loop may spend writing a batch to sockets. 5,000 socket writes in
 * one go hold the thread for tens of milliseconds on a busy machine, and every HTTP request waiting
 * meanwhile (a match-day crowd) waits that long; past this budget the loop answers them, then goes
 * on. A budget rather than a count: on a quiet machine the whole batch still leaves in one or two
 * turns.
 *
 * Not for a goal: a batch with a goal alert is written in one go before the push returns, and a
 * sliced batch a goal finds in progress is finished first, at once. Under a crowd every turn of the
 * loop is a round of the crowd's requests (~30 ms at 200 connections here), and a write to one
 * loopback socket cost ~25 µs on this VM, so 5,000 sockets were 13 slices: the goal reached the sockets 450 ms late at p50 (a plain ws
 * server that writes at once: 80–90 ms). `npm run bench -- matchday` (b): p50 during the crowd
 * 450–490 → 240–270 ms. The price: requests that arrive during a goal's write wait for it (~125 ms),
 * as on the plain server; goals are a few a match, row changes and odds keep their slices.
 */
export const FAN_OUT_SLICE_MS = 8;
/** Sockets written between two looks at the clock. */
const CLOCK_EVERY = 64;

/** Which joined buffer a client gets of one turn's frames (null: none of them is for it). */
function planOf(batch: Outbox): (c: Client) => PreparedFrame | null {
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
  let busy = false;
  /** A goal came while a batch was being written in slices: finish that batch without yielding. */
  let hurry = false;
  /** The rest of the batch being written in slices (null when none is). */
  let rest: (() => void) | null = null;

  function pump() {
    if (busy || !outbox.length) return;
    busy = true;
    const plan = planOf(outbox);
    const budget = outbox.some((f) => f.urgent) ? Infinity : FAN_OUT_SLICE_MS;
    outbox = [];
    const targets = [...clients];
    let i = 0;
    const step = () => {
      rest = null;
      const until = hurry ? Infinity : performance.now() + budget;
      while (i < targets.length) {
        const c = targets[i++];
        if (c.registered) {
          const buf = plan(c);
          if (buf) deliver(c, buf);
        }
        if (i % CLOCK_EVERY === 0 && performance.now() >= until) break;
      }
      if (i < targets.length) {
        rest = step;
        // Skipped when a goal already finished the batch (`now`), or a later batch is on.
        return void setImmediate(() => rest === step && step());
      }
      busy = false;
      hurry = false;
      // A goal waiting behind this batch goes out now, not after another turn of the loop.
      if (outbox.some((f) => f.urgent)) pump();
      else if (outbox.length) setImmediate(pump);
    };
    step();
  }

  function queue(buf: PreparedFrame, to: (c: Client) => boolean, urgent = false) {
    // The first frame of a turn schedules the write (a batch in progress schedules it when done).
    if (!outbox.length && !busy) setImmediate(pump);
    if (urgent && busy) hurry = true;
    outbox.push({ buf, to, urgent });
  }

  /**
   * A goal's frames go out before the push returns: the sliced batch in progress (if any) is
   * finished first, here and not a turn later, so every socket still gets its frames in order.
   */
  function now() {
    rest?.();
    pump();
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
