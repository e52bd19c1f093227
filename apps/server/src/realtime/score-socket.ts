import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { HEARTBEAT_MS, type Sport, SocketCode, socketClientMessage } from '@livesports/contracts/matches';
import type { PushMessage } from '../modules/matches/push.ts';
import type { MatchesService } from '../modules/matches/service.ts';
import { type PreparedFrame, joinFrames, prepareFrame, sendPrepared } from './prepared-frame.ts';

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
 */

const SPORTS: Sport[] = ['football', 'basketball'];
/** A client silent for this long (2.5 heartbeats) is gone. */
const IDLE_MS = HEARTBEAT_MS * 2.5;
/** A client this far behind is cut off; it reconnects and gets a fresh snapshot. */
const MAX_BUFFERED = 4 * 1024 * 1024;

interface Client {
  ws: WebSocket;
  id: string;
  registered: boolean;
  companyId: number;
  classify: 0 | 1;
  lastSeen: number;
  /** Frames held while a snapshot is being prepared for this client. */
  held: PreparedFrame[] | null;
  snapshotsInFlight: number;
}

const frame = (code: number, msg: string, data: unknown) => prepareFrame(JSON.stringify({ code, msg, data }));

export async function scoreSocket(app: FastifyInstance, opts: { service: MatchesService; idleMs?: number }) {
  const { service } = opts;
  const clients = new Set<Client>();
  // Serialized snapshots, dropped whenever a change of that kind passes by.
  const matchSnapshots = new Map<Sport, Promise<PreparedFrame>>();
  const oddsSnapshots = new Map<string, Promise<PreparedFrame>>();

  function send(c: Client, buf: PreparedFrame) {
    if (c.ws.readyState !== c.ws.OPEN) return;
    if (c.ws.bufferedAmount > MAX_BUFFERED) {
      c.ws.terminate();
      return;
    }
    sendPrepared(c.ws, buf);
  }
  function deliver(c: Client, buf: PreparedFrame) {
    if (c.held) c.held.push(buf);
    else send(c, buf);
  }

  function matchSnapshot(sport: Sport) {
    let p = matchSnapshots.get(sport);
    if (!p) {
      p = service.snapshot(sport).then((list) => frame(SocketCode.DATA, '', { type: `${sport}_match`, snapshot: true, list }));
      matchSnapshots.set(sport, p);
      p.catch(() => matchSnapshots.delete(sport));
    }
    return p;
  }
  function oddsSnapshot(sport: Sport, companyId: number) {
    const key = `${sport}|${companyId}`;
    let p = oddsSnapshots.get(key);
    if (!p) {
      p = service.exponentSnapshot(sport, companyId).then((list) => frame(SocketCode.DATA, '', { type: `${sport}_exponent`, snapshot: true, company_id: companyId, list }));
      oddsSnapshots.set(key, p);
      p.catch(() => oddsSnapshots.delete(key));
    }
    return p;
  }

  /** Send snapshots to one client, holding its live frames until they are out. */
  async function snapshot(c: Client, parts: Array<() => Promise<PreparedFrame>>) {
    c.held ??= [];
    c.snapshotsInFlight++;
    try {
      for (const part of parts) send(c, await part());
    } catch (err) {
      app.log.error({ err }, 'score snapshot failed');
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

  const oddsParts = (c: Client) => SPORTS.map((s) => () => oddsSnapshot(s, c.companyId));

  // Frames of one turn of the event loop are written to each socket together: a goal brings its
  // alert and its row change at once, and one write (one system call) per socket carries both,
  // instead of one per frame. The alert keeps its place in front. With 5,000 sockets this loop is
  // the push's whole cost, so the common case (every frame for everyone) joins the frames once
  // and does no per-socket work beyond the write.
  let outbox: Array<{ buf: PreparedFrame; to: (c: Client) => boolean }> = [];
  function queue(buf: PreparedFrame, to: (c: Client) => boolean) {
    if (!outbox.length) setImmediate(flush);
    outbox.push({ buf, to });
  }
  function flush() {
    const batch = outbox;
    outbox = [];
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
  const everyone = () => true;

  function onPush(msg: PushMessage) {
    if (msg.t === 'rows') {
      matchSnapshots.delete(msg.sport);
      queue(frame(SocketCode.DATA, '', { type: `${msg.sport}_match`, snapshot: false, list: msg.rows }), everyone);
    } else if (msg.t === 'odds') {
      for (const key of [...oddsSnapshots.keys()]) if (key.startsWith(`${msg.sport}|`)) oddsSnapshots.delete(key);
      const byCompany = new Map<number, typeof msg.rows>();
      for (const r of msg.rows) byCompany.set(r.company_id, [...(byCompany.get(r.company_id) ?? []), r]);
      for (const [companyId, rows] of byCompany) {
        const buf = frame(SocketCode.DATA, '', { type: `${msg.sport}_exponent`, snapshot: false, company_id: companyId, list: rows });
        queue(buf, (c) => c.classify === 0 && c.companyId === companyId);
      }
    } else if (msg.t === 'alert') {
      queue(frame(SocketCode.DATA, '', msg.frame), everyone);
    }
  }
  const unsubscribe = await service.push.subscribe(onPush);

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
    const release = app.sockets.score.admit(req.ip);
    if (!release) return void ws.close(1008, 'too many sockets');
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
      let parsed;
      try {
        parsed = socketClientMessage.safeParse(JSON.parse(raw.toString()));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) {
        send(c, frame(SocketCode.ERROR, 'bad message', null));
        return;
      }
      const m = parsed.data;
      switch (m.type) {
        case 'register':
          c.registered = true;
          send(c, frame(SocketCode.REGISTERED, 'register success', { client_id: c.id, heartbeat: HEARTBEAT_MS, server_time: Date.now() }));
          void snapshot(c, [...SPORTS.map((s) => () => matchSnapshot(s)), ...(c.classify === 0 ? oddsParts(c) : [])]);
          break;
        case 'toggle':
          c.companyId = m.company_id;
          if (c.registered && c.classify === 0) void snapshot(c, oddsParts(c));
          break;
        case 'classify':
          c.classify = m.classify_type;
          if (c.registered && c.classify === 0) void snapshot(c, oddsParts(c));
          break;
        case 'heartbeat':
          send(c, frame(SocketCode.PONG, 'pong', { server_time: Date.now() }));
          break;
      }
    });
  });
}
