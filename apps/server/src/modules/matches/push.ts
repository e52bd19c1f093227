import type { AlertFrame, ExponentRow, MatchRow, Sport } from '@livesports/contracts/matches';
import type { Bus } from '../../platform/bus.ts';

// What the matches service tells every server process after a change. The score socket of each
// process turns these into code 100 frames for its own clients; other parts (standings caches)
// listen too. One channel, so the order of a match's updates is kept.

export const PUSH_CHANNEL = 'matches:push';

// A feed's events bring the match's new row and its pop-ups (`alerts`) in one message: each process
// writes them to its sockets as soon as the message comes, alerts in front, in one write per socket.
export type PushMessage = { t: 'rows'; sport: Sport; rows: MatchRow[]; alerts?: AlertFrame[] } | { t: 'odds'; sport: Sport; rows: ExponentRow[] } | { t: 'alert'; frame: AlertFrame };

/** `beforePublish` runs in the writing process before anyone hears of the change (cache drops). */
export function createPush(bus: Bus, beforePublish?: (msg: PushMessage) => void) {
  return {
    async publish(msg: PushMessage) {
      beforePublish?.(msg);
      await bus.publish(PUSH_CHANNEL, JSON.stringify(msg));
    },
    subscribe(handler: (msg: PushMessage) => void) {
      return bus.subscribe(PUSH_CHANNEL, (raw) => {
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
