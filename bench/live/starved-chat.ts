// The chat half of `npm run bench -- starved` (issue #50 item 6): two signed-in viewers in the room
// being pushed to, on /ws/im as the live room page uses it (credential over HTTP, login, join).
//   - The newcomer opens the room again and again (a new socket every VISIT_MS, the old one closed once
//     the new one is in, so it never misses a line). Its line is typed the moment each visit starts,
//     before the credential is even asked for, and goes once the socket has joined, as the page's
//     client does: the first line in the first second, which is what vanished under load.
//   - The burster sends BURST lines back to back every BURST_EVERY_MS (the site's 1 s gap refuses all
//     but the first of each burst: "too fast", and that refusal must reach the sender).
// Every line carries a request id; it ends as shown to the other viewer (acknowledged with a
// sequence the other one received), refused (an error answer to that id, with its words), or lost
// (no answer, or acknowledged but never seen by the other). p99 is from the line leaving the sender's
// socket to it arriving live at the other viewer.
import { type LiteSocket, connect } from '../chat/ws-lite.ts';

const VISIT_MS = 6_000;
const BURST = 3;
const BURST_EVERY_MS = 4_000;
/** After the last line: how long answers and deliveries still count. */
const DRAIN_MS = 15_000;

interface Line {
  who: 'newcomer' | 'burster';
  text: string;
  /** When it was typed (the newcomer's: its visit's start) and when it left on a socket. */
  typedAt: number;
  sentAt: number | null;
  seq: number | null;
  refused: string | null;
}

export interface ChatFigures {
  sent: number;
  shown: number;
  refused: Map<string, number>;
  lost: number;
  /** Lines of each sender: sent, shown to the other, refused. */
  by: Record<Line['who'], { sent: number; shown: number; refused: number }>;
  p50: number;
  p99: number;
  /** The newcomer's lines: typed (visit start) → shown to the burster, ms. */
  firstLine: number[];
}

interface Viewer {
  /** Arrival time of each sequence at this viewer (live frames), or 0 when it came with the history. */
  seen: Map<number, number>;
  sockets: Set<LiteSocket>;
}

export function chatPair(site: { port: number; roomId: number }, tokens: [string, string]) {
  const origin = `http://127.0.0.1:${site.port}`;
  const groupId = site.roomId;
  const lines = new Map<number, Line>();
  let rid = 0;
  let stopped = false;
  const viewers = { newcomer: { seen: new Map(), sockets: new Set() } as Viewer, burster: { seen: new Map(), sockets: new Set() } as Viewer };

  async function credential(token: string) {
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await fetch(`${origin}/api/Member/imSign`, { headers: { token } });
        const body = (await res.json()) as { code: number; msg: string; data: { identifier: string; userSig: string } };
        if (body.code !== 200) throw new Error(body.msg);
        return body.data;
      } catch (err) {
        // The page retries too; a starved server may answer late or not at all.
        if (attempt >= 5 || stopped) throw err;
        await new Promise((r) => setTimeout(r, 500 * (attempt + 1)));
      }
    }
  }

  /** Opens a socket for the viewer, logs in and joins; resolves once joined (null if it never was). */
  async function open(who: Line['who'], token: string, queued: number[] = []): Promise<LiteSocket | null> {
    const v = viewers[who];
    const cred = await credential(token).catch(() => null);
    if (!cred) return null;
    return new Promise((resolve) => {
      let joined = false;
      const ws: LiteSocket = connect(`${origin.replace(/^http/, 'ws')}/ws/im`, {
        open: () => ws.send(JSON.stringify({ type: 'login', identifier: cred.identifier, userSig: cred.userSig })),
        message(raw) {
          const at = Date.now();
          const f = JSON.parse(raw.toString());
          if (f.type === 'login') ws.send(JSON.stringify({ type: 'join', groupId }));
          else if (f.type === 'joined') {
            joined = true;
            for (const m of f.messages) if (!v.seen.has(m.seq)) v.seen.set(m.seq, 0);
            v.sockets.add(ws);
            // Lines typed while it was connecting go now, in order.
            for (const id of queued) send(ws, id);
            resolve(ws);
          } else if (f.type === 'messages') {
            for (const m of f.messages) if (m.seq !== undefined && !v.seen.get(m.seq)) v.seen.set(m.seq, at);
          } else if (f.type === 'sent' && f.rid !== undefined) {
            const line = lines.get(f.rid);
            if (line) line.seq = f.seq;
          } else if (f.type === 'error' && f.request === 'send' && f.rid !== undefined) {
            const line = lines.get(f.rid);
            if (line) line.refused = f.msg;
          }
        },
        close() {
          v.sockets.delete(ws);
          if (!joined) resolve(null);
        },
      });
      setTimeout(() => joined || (ws.close(), resolve(null)), 30_000);
    });
  }

  function type(who: Line['who'], text: string): number {
    const id = ++rid;
    lines.set(id, { who, text, typedAt: Date.now(), sentAt: null, seq: null, refused: null });
    return id;
  }
  function send(ws: LiteSocket, id: number) {
    const line = lines.get(id)!;
    line.sentAt = Date.now();
    ws.send(JSON.stringify({ type: 'send', groupId, text: line.text, rid: id }));
  }

  // The newcomer: a visit every VISIT_MS, its line typed at the visit's start.
  const newcomer = (async () => {
    let previous: LiteSocket | null = null;
    for (let visit = 0; !stopped; visit++) {
      const started = Date.now();
      const id = type('newcomer', `newcomer visit ${visit}`);
      const ws = await open('newcomer', tokens[0], [id]);
      previous?.close();
      previous = ws;
      await new Promise((r) => setTimeout(r, Math.max(0, VISIT_MS - (Date.now() - started))));
    }
  })();
  // The burster: one socket, BURST lines back to back every BURST_EVERY_MS.
  const burster = (async () => {
    const ws = await open('burster', tokens[1]);
    for (let burst = 0; ws && !stopped; burst++) {
      const started = Date.now();
      for (let i = 0; i < BURST; i++) {
        const id = type('burster', `burster ${burst}.${i}`);
        if (ws.open) send(ws, id);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, BURST_EVERY_MS - (Date.now() - started))));
    }
  })();

  return {
    async stop(): Promise<ChatFigures> {
      stopped = true;
      await Promise.all([newcomer, burster]);
      const other = (l: Line) => viewers[l.who === 'newcomer' ? 'burster' : 'newcomer'];
      const settled = () => [...lines.values()].every((l) => l.refused !== null || (l.seq !== null && other(l).seen.has(l.seq)));
      const until = Date.now() + DRAIN_MS;
      while (!settled() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      for (const v of Object.values(viewers)) for (const ws of v.sockets) ws.close();

      const refused = new Map<string, number>();
      const by = { newcomer: { sent: 0, shown: 0, refused: 0 }, burster: { sent: 0, shown: 0, refused: 0 } };
      const latencies: number[] = [];
      const firstLine: number[] = [];
      let shown = 0;
      for (const l of lines.values()) {
        by[l.who].sent++;
        const at = l.seq === null ? undefined : other(l).seen.get(l.seq);
        if (at !== undefined) {
          shown++;
          by[l.who].shown++;
          // Live arrivals only (0: it came with the other's history on joining).
          if (at > 0 && l.sentAt !== null) latencies.push(at - l.sentAt);
          if (at > 0 && l.who === 'newcomer') firstLine.push(at - l.typedAt);
        } else if (l.refused !== null) {
          by[l.who].refused++;
          refused.set(l.refused, (refused.get(l.refused) ?? 0) + 1);
        }
      }
      latencies.sort((a, b) => a - b);
      const pct = (p: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] : NaN);
      const refusedCount = [...refused.values()].reduce((a, b) => a + b, 0);
      return { sent: lines.size, shown, refused, lost: lines.size - shown - refusedCount, by, p50: pct(0.5), p99: pct(0.99), firstLine: firstLine.sort((a, b) => a - b) };
    },
  };
}
