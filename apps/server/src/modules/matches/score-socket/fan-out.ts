import { SocketCode } from '@livesports/contracts/matches';
import { type PreparedFrame, joinFrames } from '../../../platform/prepared-frame.ts';
import type { PushMessage } from '../push.ts';
import { type Client, deliver, frame } from './client.ts';
import type { Snapshots } from './snapshots.ts';

type Outbox = Array<{ buf: PreparedFrame; to: (c: Client) => boolean }>;

const everyone = () => true;

/** Writes one turn's frames to every registered client that takes them, joined into one write each. */
function flush(clients: Set<Client>, batch: Outbox) {
  if (batch.every((f) => f.to === everyone)) {
    const joined = joinFrames(batch.map((f) => f.buf));
    for (const c of clients) if (c.registered) deliver(c, joined);
    return;
  }
  // Odds go to the clients of one bookmaker: clients taking the same frames share one joined buffer.
  const joined = new Map<string, PreparedFrame>();
  for (const c of clients) {
    if (!c.registered) continue;
    const mine = batch.filter((f) => f.to(c));
    if (!mine.length) continue;
    const key = mine.map((f) => batch.indexOf(f)).join();
    let buf = joined.get(key);
    if (!buf) joined.set(key, (buf = joinFrames(mine.map((f) => f.buf))));
    deliver(c, buf);
  }
}

/**
 * The live push: each change the matches service announces becomes a code 100 frame (its snapshot
 * cache dropped). Frames of one turn of the event loop are written to each socket together: a goal
 * brings its alert and its row change at once, and one write (one system call) per socket carries
 * both, instead of one per frame. The alert keeps its place in front. With 5,000 sockets this loop
 * is the push's whole cost, so the common case (every frame for everyone) joins the frames once
 * and does no per-socket work beyond the write.
 */
export function createFanOut(clients: Set<Client>, snapshots: Snapshots) {
  let outbox: Outbox = [];
  function queue(buf: PreparedFrame, to: (c: Client) => boolean) {
    if (!outbox.length)
      setImmediate(() => {
        const batch = outbox;
        outbox = [];
        flush(clients, batch);
      });
    outbox.push({ buf, to });
  }

  return function onPush(msg: PushMessage) {
    if (msg.t === 'rows') {
      snapshots.dropMatches(msg.sport);
      queue(frame(SocketCode.DATA, '', { type: `${msg.sport}_match`, snapshot: false, list: msg.rows }), everyone);
    } else if (msg.t === 'odds') {
      snapshots.dropOdds(msg.sport);
      const byCompany = new Map<number, typeof msg.rows>();
      for (const r of msg.rows) byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r]);
      for (const [companyId, rows] of byCompany) {
        const buf = frame(SocketCode.DATA, '', { type: `${msg.sport}_exponent`, snapshot: false, company_id: companyId, list: rows });
        queue(buf, (c) => c.classify === 0 && c.companyId === companyId);
      }
    } else if (msg.t === 'alert') {
      queue(frame(SocketCode.DATA, '', msg.frame), everyone);
    }
  };
}
