import type { FastifyBaseLogger } from 'fastify';
import { type Sport, SocketCode } from '@livesports/contracts/matches';
import type { PreparedFrame } from '../../../platform/prepared-frame.ts';
import type { MatchesService } from '../service.ts';
import { type Client, SPORTS, frame, send } from './client.ts';

/** Send snapshots to one client, holding its live frames until they are out. */
async function sendSnapshots(log: FastifyBaseLogger, c: Client, parts: Array<() => Promise<PreparedFrame>>) {
  c.held ??= [];
  c.snapshotsInFlight++;
  try {
    for (const part of parts) send(c, await part());
  } catch (err) {
    log.error({ err }, 'score snapshot failed');
    c.ws.close(1011, 'snapshot failed');
  } finally {
    c.snapshotsInFlight--;
    if (c.snapshotsInFlight === 0 && c.held) {
      const held = c.held;
      c.held = null;
      for (const buf of held) send(c, buf);
    }
  }
}

/** A serialized snapshot per key, shared by every client asking until it is dropped (or failed). */
function cached<K>(map: Map<K, Promise<PreparedFrame>>, key: K, build: () => Promise<PreparedFrame>) {
  let p = map.get(key);
  if (!p) {
    p = build();
    map.set(key, p);
    p.catch(() => map.delete(key));
  }
  return p;
}

/** Snapshots of the matches (per sport) and of the odds (per sport and bookmaker), serialized once. */
export function createSnapshots(service: MatchesService, log: FastifyBaseLogger) {
  // Serialized snapshots, dropped whenever a change of that kind passes by.
  const matchSnapshots = new Map<Sport, Promise<PreparedFrame>>();
  const oddsSnapshots = new Map<string, Promise<PreparedFrame>>();

  const matches = (sport: Sport) => cached(matchSnapshots, sport, () => service.snapshot(sport).then((list) => frame(SocketCode.DATA, '', { type: `${sport}_match`, snapshot: true, list })));
  const odds = (sport: Sport, companyId: number) =>
    cached(oddsSnapshots, `${sport}|${companyId}`, () =>
      service.exponentSnapshot(sport, companyId).then((list) => frame(SocketCode.DATA, '', { type: `${sport}_exponent`, snapshot: true, company_id: companyId, list })),
    );
  const oddsParts = (c: Client) => SPORTS.map((s) => () => odds(s, c.companyId));

  return {
    /** At registration: every sport's matches, and the odds when the client takes them. */
    sendAll: (c: Client) => sendSnapshots(log, c, [...SPORTS.map((s) => () => matches(s)), ...(c.classify === 0 ? oddsParts(c) : [])]),
    /** After a change of bookmaker or of classify: the odds of its bookmaker. */
    sendOdds: (c: Client) => sendSnapshots(log, c, oddsParts(c)),
    dropMatches: (sport: Sport) => void matchSnapshots.delete(sport),
    dropOdds(sport: Sport) {
      for (const key of [...oddsSnapshots.keys()]) if (key.startsWith(`${sport}|`)) oddsSnapshots.delete(key);
    },
  };
}
export type Snapshots = ReturnType<typeof createSnapshots>;
