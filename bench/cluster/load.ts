// One load process of the cluster kill test (cluster.ts). Its viewers behave like the web app's:
// chat viewers on /ws/im (credential over HTTP, login, join; after a drop they wait as the app's
// realtime connection does — exponential backoff with jitter, the app's own backoffDelay and
// settings — and join again with the last sequence they saw), score viewers on /ws/score
// (register; after a drop the same backoff, then the snapshot register sends tells the score).
// Members among the chat viewers send at a given rate. Every viewer records which sequences and
// which goals it saw, and every reconnect's time from the drop to being back (joined / snapshot).
//
// IPC in:  {setup:{origin, groupId, chat, score, tokens, matchId}} → {ready}
//          {go:{rate}} · {stop:true} → {acked:[seq], sent, refused}
//          {progress:{maxSeq}} → {behind}
//          {report:{seqs, goals}} → {lostChat, viewersLosing, duplicated, lostGoals, viewersMissingGoals,
//                                    chatReconnects:[ms], scoreReconnects:[ms], attempts:[ms since epoch]}
import WebSocket from 'ws';

// The web app's own backoff (loaded at run time: the bench's type project does not include the web app).
type Backoff = { baseMs: number; capMs: number; jitter: number };
const { DEFAULT_BACKOFF, backoffDelay } = (await import(new URL('../../apps/web/src/shared/realtime/backoff.ts', import.meta.url).href)) as {
  DEFAULT_BACKOFF: Backoff;
  backoffDelay: (attempt: number, o: Backoff) => number;
};

// The score socket's backoff in the web app (features/matches/live/socket.ts).
const SCORE_BACKOFF = { baseMs: 1000, capMs: 15_000, jitter: 0.5 };

/** How long after the kill the report's "storm" lasts (the cut viewers reconnect meanwhile). */
const STORM_MS = 10_000;

let origin = '';
let groupId = 0;
let matchId = 0;
/** Connect attempts after a drop (ms since epoch): how the reconnects spread in time. */
const attempts: number[] = [];

async function json(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return ((await res.json()) as { data: any }).data;
}

/** A socket that comes back after a drop, waiting as the web app does. */
abstract class Reconnecting {
  ws: WebSocket | null = null;
  attempt = 0;
  cutAt = 0;
  /** Cut at least once (by the kill): the rest are the viewers who should notice nothing. */
  everCut = false;
  back: number[] = [];
  stopped = false;
  abstract path: string;
  abstract backoff: Backoff;
  abstract opened(ws: WebSocket): void;
  abstract frame(data: any): void;

  connect() {
    if (this.cutAt) attempts.push(Date.now());
    const ws = new WebSocket(`${origin.replace('http', 'ws')}${this.path}`);
    this.ws = ws;
    ws.on('open', () => this.opened(ws));
    ws.on('message', (raw) => this.frame(JSON.parse(raw.toString())));
    ws.on('error', () => {});
    ws.on('close', () => {
      if (this.ws !== ws || this.stopped) return;
      this.ws = null;
      this.cutAt ||= Date.now();
      this.everCut = true;
      setTimeout(() => this.connect(), backoffDelay(this.attempt++, this.backoff));
    });
  }
  /** Back in business after a drop: the time it took, and the next drop waits the shortest again. */
  resumed() {
    if (this.cutAt) this.back.push(Date.now() - this.cutAt);
    this.cutAt = 0;
    this.attempt = 0;
  }
  send(frame: object) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }
}

/**
 * Chat messages as viewers received them, [sent at, ms to arrive] (members send `k:<send time>`):
 * split at the kill by the report, to see whether viewers the kill did not cut noticed it.
 */
let chatSamples = new Float64Array(1 << 20);
let chatSampleCount = 0;
function chatSample(sentAt: number, ms: number) {
  if (chatSampleCount * 2 + 2 > chatSamples.length) {
    const more = new Float64Array(chatSamples.length * 2);
    more.set(chatSamples);
    chatSamples = more;
  }
  chatSamples[chatSampleCount * 2] = sentAt;
  chatSamples[chatSampleCount * 2 + 1] = ms;
  chatSampleCount++;
}

class ChatViewer extends Reconnecting {
  path = '/ws/im';
  backoff = DEFAULT_BACKOFF;
  lastSeq = 0;
  /** Messages at or below this came with the first join's history (not counted). */
  base = -1;
  counts = new Uint8Array(4096);
  onSent: ((f: any) => void) | null = null;
  constructor(private cred: { identifier: string; userSig: string }) {
    super();
  }
  opened() {
    this.send({ type: 'login', identifier: this.cred.identifier, userSig: this.cred.userSig });
  }
  frame(f: any) {
    if (f.type === 'login') this.send({ type: 'join', groupId, ...(this.lastSeq > 0 ? { lastSeq: this.lastSeq } : {}) });
    else if (f.type === 'joined' || f.type === 'messages') {
      if (this.base < 0) this.lastSeq = this.base = Math.max(0, ...(f.messages as Array<{ seq: number }>).map((m) => m.seq));
      else {
        const at = Date.now();
        for (const m of f.messages as Array<{ seq: number; payload?: { text?: string } }>) {
          // A message's first arrival at a viewer that has never been cut (resumed history is not timed).
          if (!this.everCut && f.type === 'messages' && !(m.seq < this.counts.length && this.counts[m.seq] > 0)) {
            const sentAt = Number(/^k:(\d+)$/.exec(m.payload?.text ?? '')?.[1]);
            if (sentAt) chatSample(sentAt, at - sentAt);
          }
          this.saw(m.seq);
        }
      }
      if (f.type === 'joined') {
        this.resumed();
        this.joined?.();
      }
    } else if (f.type === 'sent' || f.type === 'error') this.onSent?.(f);
  }
  joined: (() => void) | null = null;
  saw(seq: number) {
    while (seq >= this.counts.length) {
      const more = new Uint8Array(this.counts.length * 2);
      more.set(this.counts);
      this.counts = more;
    }
    if (this.counts[seq] < 255) this.counts[seq]++;
    if (seq > this.lastSeq) this.lastSeq = seq;
  }
}

class ScoreViewer extends Reconnecting {
  path = '/ws/score';
  backoff = SCORE_BACKOFF;
  /** Goals (by the home score they made) this viewer knows of, from a goal frame or a snapshot. */
  goals = new Set<number>();
  /** When each goal's frame arrived (goals learnt from a snapshot are not timed). */
  goalAt = new Map<number, number>();
  ready: (() => void) | null = null;
  opened() {
    this.send({ type: 'register', info: {} });
  }
  frame(f: any) {
    if (f.code !== 100 || !f.data) return;
    const d = f.data;
    if (d.type === 'goal' && d.match_id === matchId) {
      this.goals.add(d.home_score);
      if (!this.goalAt.has(d.home_score)) this.goalAt.set(d.home_score, Date.now());
    } else if (d.snapshot && d.type === 'football_match') {
      const row = (d.list as Array<{ id: number; home_score: number }>).find((r) => r.id === matchId);
      if (!row) return;
      for (let g = 1; g <= row.home_score; g++) this.goals.add(g);
      this.resumed();
      this.ready?.();
    }
  }
}

const chat: ChatViewer[] = [];
const members: ChatViewer[] = [];
const scores: ScoreViewer[] = [];
let sending: NodeJS.Timeout | null = null;
const acked: number[] = [];
let sent = 0;
let refused = 0;

async function inChunks<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j)))));
  return out;
}

async function setup(s: { origin: string; groupId: number; chat: number; score: number; tokens: string[]; matchId: number }) {
  ({ origin, groupId, matchId } = s);
  const joinOne = async (cred: { identifier: string; userSig: string }) => {
    const v = new ChatViewer(cred);
    await new Promise<void>((resolve) => {
      v.joined = () => {
        v.joined = null;
        resolve();
      };
      v.connect();
    });
    return v;
  };
  members.push(...(await inChunks(s.tokens.length, 20, async (i) => joinOne(await json(`${origin}/api/Member/imSign`, { token: s.tokens[i] })))));
  chat.push(...members);
  chat.push(...(await inChunks(s.chat, 50, async () => joinOne(await json(`${origin}/api/Universal/imTouristAccount`)))));
  scores.push(
    ...(await inChunks(s.score, 50, async () => {
      const v = new ScoreViewer();
      await new Promise<void>((resolve) => {
        v.ready = () => {
          v.ready = null;
          resolve();
        };
        v.connect();
      });
      return v;
    })),
  );
  return { ready: chat.length + scores.length };
}

function go(rate: number) {
  let next = 0;
  const tick = 20;
  let owed = 0;
  sending = setInterval(() => {
    owed += (rate * tick) / 1000;
    for (; owed >= 1; owed--) {
      const m = members[next++ % members.length];
      // A member whose socket is down skips its turn (its send would not be accepted anyway).
      if (!m.send({ type: 'send', groupId, text: `k:${Date.now()}` })) continue;
      sent++;
      m.onSent = (f) => (f.type === 'sent' ? acked.push(f.seq) : refused++);
    }
  }, tick);
}

// Pings keep idle sockets from being taken for dead during a long run.
setInterval(() => {
  for (const v of chat) v.send({ type: 'ping' });
  for (const v of scores) v.send({ type: 'heartbeat' });
}, 20_000).unref();

process.on('message', async (m: any) => {
  if (m.setup) process.send!(await setup(m.setup));
  else if (m.go) go(m.go.rate);
  else if (m.stop) {
    if (sending) clearInterval(sending);
    await new Promise((r) => setTimeout(r, 1000)); // the last acks
    process.send!({ acked, sent, refused });
  } else if (m.progress) {
    const seq = m.progress.maxSeq as number;
    process.send!({ behind: chat.filter((v) => v.lastSeq < seq).length + scores.filter((v) => !v.goals.has(m.progress.goals)).length });
  } else if (m.report) {
    const seqs = m.report.seqs as number[];
    const goals = m.report.goals as number;
    let lostChat = 0;
    let viewersLosing = 0;
    let duplicated = 0;
    for (const v of chat) {
      let lost = 0;
      for (const seq of seqs) {
        if (seq <= v.base) continue;
        const n = seq < v.counts.length ? v.counts[seq] : 0;
        if (n === 0) lost++;
        else if (n > 1) duplicated += n - 1;
      }
      lostChat += lost;
      if (lost) viewersLosing++;
    }
    let lostGoals = 0;
    let viewersMissingGoals = 0;
    for (const v of scores) {
      let lost = 0;
      for (let g = 1; g <= goals; g++) if (!v.goals.has(g)) lost++;
      lostGoals += lost;
      if (lost) viewersMissingGoals++;
    }
    // Viewers the kill did not cut: how long chat and goals took to reach them before the kill and
    // in the STORM_MS after it (while the cut ones reconnect to the same processes).
    const killedAt = m.report.killedAt as number;
    const postedAt = m.report.postedAt as number[];
    const phase = (t: number) => (t < killedAt ? 'before' : t < killedAt + STORM_MS ? 'storm' : null);
    const calm: Record<'chat' | 'goals', Record<'before' | 'storm', number[]>> = { chat: { before: [], storm: [] }, goals: { before: [], storm: [] } };
    for (let i = 0; i < chatSampleCount; i++) {
      const p = phase(chatSamples[i * 2]);
      if (p) calm.chat[p].push(chatSamples[i * 2 + 1]);
    }
    for (const v of scores) {
      if (v.everCut) continue;
      for (const [g, at] of v.goalAt) {
        const p = postedAt[g] ? phase(postedAt[g]) : null;
        if (p) calm.goals[p].push(at - postedAt[g]);
      }
    }
    process.send!({
      calm,
      lostChat,
      viewersLosing,
      duplicated,
      lostGoals,
      viewersMissingGoals,
      chatReconnects: chat.flatMap((v) => v.back),
      scoreReconnects: scores.flatMap((v) => v.back),
      stillDown: chat.filter((v) => v.cutAt).length + scores.filter((v) => v.cutAt).length,
      attempts,
    });
  } else if (m.close) {
    for (const v of [...chat, ...scores]) {
      v.stopped = true;
      v.ws?.terminate();
    }
    process.exit(0);
  }
});
process.send!({ up: true });
