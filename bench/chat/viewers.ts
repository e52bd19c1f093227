// One load process of the chat fan-out bench. Opens its share of the room's viewers on /ws/im
// like the live room page does (credential over HTTP, login, join); the first `tokens.length`
// of them are logged-in members who also send, the rest are guests. When told, the members send
// at the given rate with the send time in the text ("t:<epoch ms>"); every viewer counts each
// sequence it receives (to find losses and duplicates) and each arrival's latency goes into a
// 1 ms histogram. Frames are not JSON-parsed per socket: every member of a room gets the very
// same bytes, so a frame is parsed once and later copies are recognised by comparing bytes.
// Sockets are ws-lite.ts (one reusable read buffer), so the load generator leaves the servers CPU.
//
// IPC in:  {setup:{origin, groupId, tokens, count}} → {ready, failed}
//          {go:{rate, measureFrom}} · {stop:true} → {sent, acked:[seq], refused, errors}
//          {progress:{maxSeq}} → {behind}   · {report:{seqs}} → {lost, duplicated, hist, …}
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type NativeProcess, nativeLoader, runNative } from '../lib/native.ts';
import { type LiteSocket, connect } from './ws-lite.ts';

// BENCH_CLIENT=c (the default where the machine has a C compiler): the guests are held by the C load
// generator (bench/native/wsload.c, one epoll loop), the members who send stay here; results are
// merged. BENCH_CLIENT=node: every viewer is a ws-lite socket in this process.
const CLIENT = process.env.BENCH_CLIENT ?? (nativeLoader() ? 'c' : 'node');
let native: NativeProcess | null = null;

interface Setup {
  origin: string;
  groupId: number;
  tokens: string[];
  count: number;
}
interface Viewer {
  ws: LiteSocket;
  /** Times each sequence arrived (0, 1, or more for a duplicate). */
  counts: Uint8Array;
  closed: boolean;
}
interface Parsed {
  bytes: Buffer;
  seqs: number[];
  /** Send time of each message (from its "t:" text), 0 when it has none. */
  sent: number[];
}

const HIST_MS = 60_000;
const hist = new Uint32Array(HIST_MS + 1);
let measureFrom = Infinity;
const viewers: Viewer[] = [];
let setup: Setup;
let capacity = 1 << 13;

// The last few distinct frames, for recognising copies without parsing them again.
const recent: Parsed[] = [];
let parsedFrames = 0;
const MESSAGES_PREFIX = Buffer.from('{"type":"messages"');

function parse(bytes: Buffer): Parsed {
  for (const p of recent) if (p.bytes.length === bytes.length && p.bytes.equals(bytes)) return p;
  parsedFrames++;
  const f = JSON.parse(bytes.toString()) as { messages: Array<{ seq: number; payload: { text?: string } }> };
  const p: Parsed = {
    // A copy: the bytes handed in are a view of the shared read buffer.
    bytes: Buffer.from(bytes),
    seqs: f.messages.map((m) => m.seq),
    sent: f.messages.map((m) => Number(/^t:(\d+)/.exec(m.payload.text ?? '')?.[1] ?? 0)),
  };
  recent.unshift(p);
  if (recent.length > 8) recent.pop();
  return p;
}

function count(v: Viewer, p: Parsed, at: number) {
  for (let i = 0; i < p.seqs.length; i++) {
    const seq = p.seqs[i];
    if (seq >= v.counts.length) {
      while (seq >= capacity) capacity *= 2;
      const grown = new Uint8Array(capacity);
      grown.set(v.counts);
      v.counts = grown;
    }
    if (v.counts[seq] < 255) v.counts[seq]++;
    const t = p.sent[i];
    if (t >= measureFrom) hist[Math.min(HIST_MS, Math.max(0, at - t))]++;
  }
}

// Sending: members only. Acks give the sequence each accepted message got.
const members: LiteSocket[] = [];
const acked: number[] = [];
let sentCount = 0;
let refused = 0;
const errors = new Map<string, number>();
let sendTimer: NodeJS.Timeout | null = null;

async function credential(token: string | null): Promise<{ identifier: string; userSig: string }> {
  const p = token ? 'api/Member/imSign' : 'api/Universal/imTouristAccount';
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(`${setup.origin}/${p}`, { headers: token ? { token } : {} });
      const body = (await res.json()) as { code: number; msg: string; data: { identifier: string; userSig: string } };
      if (body.code !== 200) throw new Error(`${p}: ${body.msg}`);
      return body.data;
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
  }
}

async function open(token: string | null): Promise<boolean> {
  const cred = await credential(token);
  return new Promise((resolve) => {
    let joined = false;
    const ws: LiteSocket = connect(`${setup.origin.replace(/^http/, 'ws')}/ws/im`, {
      open: () => ws.send(JSON.stringify({ type: 'login', identifier: cred.identifier, userSig: cred.userSig })),
      message(raw) {
        const at = Date.now();
        if (joined && raw.length > MESSAGES_PREFIX.length && raw.compare(MESSAGES_PREFIX, 0, MESSAGES_PREFIX.length, 0, MESSAGES_PREFIX.length) === 0) {
          return count(v, parse(raw), at);
        }
        const f = JSON.parse(raw.toString());
        if (f.type === 'login') ws.send(JSON.stringify({ type: 'join', groupId: setup.groupId }));
        else if (f.type === 'joined') {
          joined = true;
          for (const m of f.messages) count(v, { bytes: raw, seqs: [m.seq], sent: [0] }, at);
          viewers.push(v);
          if (token) members.push(ws);
          clearTimeout(timeout);
          resolve(true);
        } else if (f.type === 'sent') acked.push(f.seq);
        else if (f.type === 'error') {
          if (f.request === 'send') refused++;
          errors.set(`${f.request}: ${f.msg}`, (errors.get(`${f.request}: ${f.msg}`) ?? 0) + 1);
        }
      },
      close() {
        v.closed = true;
        if (!joined) {
          clearTimeout(timeout);
          resolve(false);
        }
      },
    });
    const v: Viewer = { ws, counts: new Uint8Array(capacity), closed: false };
    const timeout = setTimeout(() => (ws.close(), resolve(false)), 30_000);
  });
}

function go(rate: number) {
  const started = Date.now();
  let next = 0;
  let done = 0;
  const tick = () => {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    while (done < due && members.length) {
      const ws = members[next++ % members.length];
      const t = Date.now();
      if (ws.open) {
        ws.send(JSON.stringify({ type: 'send', groupId: setup.groupId, text: `t:${t} bench message ${done}` }));
        sentCount++;
      }
      done++;
    }
    sendTimer = setTimeout(tick, 5);
  };
  tick();
}

process.on('message', async (m: any) => {
  if (m.setup) {
    setup = m.setup;
    const guests = Math.max(0, setup.count - setup.tokens.length);
    const kinds: Array<string | null> = [...setup.tokens, ...(CLIENT === 'c' ? [] : Array(guests).fill(null))];
    let failed = 0;
    let nativeReady = 0;
    if (CLIENT === 'c' && guests) {
      // Guest credentials come from the site's own call, then the C process logs them in and joins.
      const creds: string[] = [];
      for (let i = 0; i < guests; i += 200) {
        const batch = await Promise.all(Array.from({ length: Math.min(200, guests - i) }, () => credential(null)));
        for (const c of batch) creds.push(`${c.identifier} ${c.userSig}`);
      }
      const file = path.join(os.tmpdir(), `wsload-creds-${process.pid}.txt`);
      fs.writeFileSync(file, `${creds.join('\n')}\n`);
      const u = new URL(setup.origin);
      native = runNative(['chat', u.hostname, u.port, '/ws/im', String(setup.groupId), file]);
      const [, ok, bad] = (await native.line()).split(' ').map(Number);
      fs.rmSync(file, { force: true });
      nativeReady = ok;
      failed += bad;
    }
    // Open in batches so the server's accept queue is not flooded.
    for (let i = 0; i < kinds.length; i += 200) {
      const ok = await Promise.all(kinds.slice(i, i + 200).map((k) => open(k).catch(() => false)));
      failed += ok.filter((x) => !x).length;
    }
    process.send!({ ready: viewers.length + nativeReady, failed, members: members.length, nativePid: native?.child.pid ?? null });
  } else if (m.go) {
    measureFrom = m.go.measureFrom;
    await native?.ask(`measure ${measureFrom}`);
    go(m.go.rate);
  } else if (m.stop) {
    if (sendTimer) clearTimeout(sendTimer);
    // Wait (a little) for the acks of messages still in flight.
    const until = Date.now() + 5000;
    while (acked.length + refused < sentCount && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    process.send!({ sent: sentCount, acked, refused, errors: [...errors] });
  } else if (m.progress) {
    // Viewers still missing the last acked sequence (the fan-out is still draining).
    const seq = m.progress.maxSeq as number;
    const theirs = native ? Number((await native.ask(`behind ${seq}`))[0].split(' ')[1]) : 0;
    process.send!({ behind: theirs + viewers.filter((v) => !v.closed && !(v.counts[seq] > 0)).length });
  } else if (m.report) {
    const seqs = m.report.seqs as number[];
    let lost = 0;
    let duplicated = 0;
    let viewersLosing = 0;
    for (const v of viewers) {
      let l = 0;
      for (const s of seqs) {
        const c = v.counts[s] ?? 0;
        if (c === 0) l++;
        else if (c > 1) duplicated += c - 1;
      }
      lost += l;
      if (l) viewersLosing++;
    }
    let closed = viewers.filter((v) => v.closed).length;
    if (native) {
      const file = path.join(os.tmpdir(), `wsload-seqs-${process.pid}.txt`);
      fs.writeFileSync(file, seqs.join('\n'));
      const [head, histLine] = await native.ask(`report ${file}`, 2);
      fs.rmSync(file, { force: true });
      const [, l, d, losing, c] = head.split(' ').map(Number);
      lost += l;
      duplicated += d;
      viewersLosing += losing;
      closed += c;
      for (const pair of histLine.split(' ').slice(1)) {
        const [ms, n] = pair.split(':').map(Number);
        hist[ms] += n;
      }
    }
    const sparse: Array<[number, number]> = [];
    hist.forEach((n, ms) => n && sparse.push([ms, n]));
    process.send!({ lost, duplicated, viewersLosing, closed, hist: sparse, parsedFrames });
  } else if (m.close) {
    for (const v of viewers) v.ws.close();
    native?.close();
    process.exit(0);
  }
});
process.send!({ started: true });
