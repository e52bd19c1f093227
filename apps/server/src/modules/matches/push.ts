import type { AlertFrame, ExponentRow, MatchRow, Sport } from '@livesports/contracts/matches';
import type { Bus } from '../../platform/bus.ts';

// What the matches service tells every server process after a change. The score socket of each
// process turns these into code 100 frames for its own clients; other parts (standings caches)
// listen too. One channel, so the order of a match's updates is kept.

export const PUSH_CHANNEL = 'matches:push';

// A feed's events bring the match's new row and its pop-ups (`alerts`) in one message: each process
// writes them to its sockets as soon as the message comes, alerts in front, in one write per socket.
export type PushMessage = { t: 'rows'; sport: Sport; rows: MatchRow[]; alerts?: AlertFrame[] } | { t: 'odds'; sport: Sport; rows: ExponentRow[] } | { t: 'alert'; frame: AlertFrame };

/**
 * `afterSend` runs in the writing process (its cache drops and patches) right after the message is
 * handed to the bus, in the same synchronous step: no request of this process can be answered in
 * between, so none reads the old copy, and the other processes (the socket processes of a cluster,
 * the other boxes over Redis) get the message without waiting for this process's cache work.
 */
export function createPush(bus: Bus, afterSend?: (msg: PushMessage) => void) {
  /** The message this process is handing to the bus right now (the in-process and IPC buses call its own listeners inside `publish`). */
  let sending: string | null = null;
  return {
    async publish(msg: PushMessage) {
      const raw = JSON.stringify(msg);
      sending = raw;
      let sent: Promise<void>;
      try {
        sent = bus.publish(PUSH_CHANNEL, raw);
      } finally {
        sending = null;
      }
      afterSend?.(msg);
      await sent;
    },
    /**
     * `othersOnly`: not this process's own messages as it sends them (the cache listener: `afterSend`
     * did that work already; over Redis the writer's own message comes back later and is taken again,
     * which changes nothing).
     */
    subscribe(handler: (msg: PushMessage) => void, opts: { othersOnly?: boolean } = {}) {
      return bus.subscribe(PUSH_CHANNEL, (raw) => {
        if (opts.othersOnly && raw === sending) return;
        let msg: PushMessage;
        try {
          msg = JSON.parse(raw) as PushMessage;
        } catch {
          return;
        }
        handler(msg);
      });
    },
  };
}
export type Push = ReturnType<typeof createPush>;
