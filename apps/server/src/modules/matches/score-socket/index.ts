import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { HEARTBEAT_MS } from '@livesports/contracts/matches';
import { releaseUpgrade } from '../../../platform/socket-guard.ts';
import type { MatchesService } from '../service.ts';
import type { Client } from './client.ts';
import { createFanOut } from './fan-out.ts';
import { handleMessage, messageHandlers } from './frames.ts';
import { createSnapshots } from './snapshots.ts';

/**
 * /ws/score — the live-score push (spec §3 socket messages, §4 push connection).
 *
 *   client → {type:'register', info}            server → {code:101} then a snapshot of every
 *                                                match in play or near kick-off (code 100,
 *                                                football_match / basketball_match, snapshot:true)
 *   client → {type:'toggle', company_id}        which bookmaker's odds to receive
 *   client → {type:'classify', classify_type}   0: scores and odds, 1: scores only
 *   client → {type:'heartbeat'} every 30 s      server → {code:102}
 *
 * Changes arrive from the matches service through the bus (every process hears every change)
 * and are serialized and framed once per push (a prepared WebSocket frame: the same header and
 * payload buffers go to every socket, nothing is copied or re-encoded per client). A client that
 * (re)connects is held back from live frames until its snapshot has gone out, so nothing is
 * lost or reordered across a reconnect.
 *
 * Here the socket route and the idle sweep; snapshots in snapshots.ts, the live push in
 * fan-out.ts, one handler per client message in frames.ts.
 */

/** A client silent for this long (2.5 heartbeats) is gone. */
const IDLE_MS = HEARTBEAT_MS * 2.5;

export async function scoreSocket(app: FastifyInstance, opts: { service: MatchesService; idleMs?: number }) {
  const { service } = opts;
  const clients = new Set<Client>();
  const snapshots = createSnapshots(service, app.log);
  const handlers = messageHandlers(snapshots);
  const unsubscribe = await service.push.subscribe(createFanOut(clients, snapshots));

  const idleMs = opts.idleMs ?? IDLE_MS;
  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - idleMs;
      for (const c of clients) if (c.lastSeen < cutoff) c.ws.terminate();
    },
    Math.max(1000, Math.floor(idleMs / 5)),
  );
  sweep.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await unsubscribe().catch(() => undefined);
    for (const c of clients) c.ws.terminate();
  });

  app.get('/ws/score', { websocket: true }, (ws, req) => {
    // The upgrade request is let go (socket-guard.ts releaseUpgrade): only its address is kept.
    releaseUpgrade(ws, req);
    // Nothing is read until the address has its place (asked of the primary or Redis, counted
    // site-wide): a frame sent meanwhile waits in the socket instead of finding no listener.
    ws.pause();
    void admitted(ws, req.ip);
  });

  async function admitted(ws: WebSocket, ip: string) {
    const release = await app.sockets.score.admit(ip).catch((err: unknown) => (app.log.warn({ err }, 'score socket place'), null));
    ws.resume();
    if (!release) return void ws.close(1008, 'too many sockets');
    // Gone while it waited: its place is given back at once.
    if (ws.readyState !== ws.OPEN) return release();
    connected(ws, release);
  }

  function connected(ws: WebSocket, release: () => void) {
    const withinBudget = app.sockets.score.frameBudget();
    const c: Client = { ws, id: crypto.randomUUID(), registered: false, companyId: 1, classify: 1, lastSeen: Date.now(), held: null, snapshotsInFlight: 0 };
    clients.add(c);
    ws.on('close', () => {
      clients.delete(c);
      release();
    });
    ws.on('error', () => {
      clients.delete(c);
      release();
    });
    ws.on('message', (raw) => {
      if (!withinBudget()) return void ws.close(1008, 'too many frames');
      c.lastSeen = Date.now();
      handleMessage(handlers, c, raw.toString());
    });
  }
}
