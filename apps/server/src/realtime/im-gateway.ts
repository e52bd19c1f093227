import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CHAT_HISTORY_SIZE, CHAT_TEXT_MAX, type ImMessage, type ImServerFrame, imClientFrame } from '@livesports/contracts/chat';
import type { Bus } from '../platform/bus.ts';
import { localize } from '../platform/envelope.ts';
import type { ChatIdentity, ChatCredentials } from '../modules/chat/credentials.ts';
import type { ChatRepo, StoredMessage } from '../modules/chat/repo.ts';
import { type PreparedFrame, prepareFrame, sendPrepared } from './prepared-frame.ts';

/**
 * /ws/im — room chat (spec §1 third-party IM, §4 chat messages), JSON frames (see contracts/chat.ts):
 *
 *   → {type:'login', identifier, userSig}   ← {type:'login', identifier, guest}; a bad credential is
 *                                              answered with an error and the socket closed (4001)
 *   → {type:'join', groupId, lastSeq?}      ← {type:'joined', groupId, messages} (history: the last
 *                                              50, or everything after lastSeq when resuming)
 *   → {type:'send', groupId, text}          ← {type:'sent', groupId, seq}; guests: 'Please login first'
 *   → {type:'leave', groupId}               ← {type:'left', groupId}
 *   live                                    ← {type:'messages', groupId, messages}
 *
 * Messages are stored with a per-group sequence number, then published on the bus (Redis between
 * processes); each process batches what it hears per group for ~100 ms and writes one serialized
 * frame to all its members. A joining client's live frames are held until its history is out, and
 * held messages already in the history are dropped, so a resume has neither gaps nor duplicates.
 */

/** Longest wait for a history page when resuming. */
const RESUME_LIMIT = 500;
/** Sends allowed per connection per window (a flood from one socket is refused, not queued). */
const SEND_BURST = 10;
const SEND_WINDOW_MS = 10_000;
/** A client this far behind is cut off; it reconnects and resumes from its last sequence. */
const MAX_BUFFERED = 4 * 1024 * 1024;

interface Client {
  ws: WebSocket;
  req: FastifyRequest;
  identity: ChatIdentity | null;
  groups: Set<number>;
  /** Per group being joined: live messages that arrived while its history was loading. */
  held: Map<number, ImMessage[]>;
  /** Per group just joined: the last sequence its history covered; batched messages up to it are skipped. */
  floor: Map<number, number>;
  sends: number[];
}

interface Group {
  members: Set<Client>;
  pending: ImMessage[];
  timer: NodeJS.Timeout | null;
  unsubscribe: Promise<() => Promise<void>>;
}

const channel = (groupId: number) => `chat:group:${groupId}`;

export function toImMessage(m: StoredMessage): ImMessage {
  return {
    groupId: m.groupId,
    seq: m.seq,
    from: m.fromIdentifier,
    nick: m.nick,
    avatar: m.avatar,
    type: m.type,
    payload: m.payload as ImMessage['payload'],
    time: Math.floor(new Date(m.createdAt).getTime() / 1000),
  };
}

export interface ImGatewayOptions {
  credentials: ChatCredentials;
  repo: ChatRepo;
  bus: Bus;
  batchMs?: number;
  loginTimeoutMs?: number;
}

export async function imGateway(app: FastifyInstance, opts: ImGatewayOptions) {
  const { credentials, repo, bus } = opts;
  const batchMs = opts.batchMs ?? 100;
  const loginTimeoutMs = opts.loginTimeoutMs ?? 10_000;
  const groups = new Map<number, Group>();

  function write(c: Client, data: PreparedFrame | ImServerFrame) {
    if (c.ws.readyState !== c.ws.OPEN) return;
    if (c.ws.bufferedAmount > MAX_BUFFERED) return void c.ws.terminate();
    if ('buffers' in data) sendPrepared(c.ws, data);
    else c.ws.send(JSON.stringify(data));
  }
  const fail = (c: Client, request: string, key: string, params?: Record<string, string | number>) =>
    write(c, { type: 'error', msg: localize(c.req, key, params), request });

  function flush(groupId: number, g: Group) {
    g.timer = null;
    if (g.pending.length === 0) return;
    const messages = g.pending.sort((a, b) => a.seq - b.seq);
    g.pending = [];
    // Serialized once for every member of this process.
    const frame = prepareFrame(JSON.stringify({ type: 'messages', groupId, messages } satisfies ImServerFrame));
    for (const c of g.members) {
      const held = c.held.get(groupId);
      if (held) {
        held.push(...messages);
        continue;
      }
      // A batch gathered before the client's join may hold messages its history already had.
      const floor = c.floor.get(groupId);
      if (floor !== undefined && messages[0].seq <= floor) {
        const fresh = messages.filter((m) => m.seq > floor);
        if (fresh.length) write(c, { type: 'messages', groupId, messages: fresh });
      } else {
        c.floor.delete(groupId);
        write(c, frame);
      }
    }
  }

  // The bus may already be closed when the app shuts down; there is nothing left to undo then.
  const unsubscribe = (g: Group) => g.unsubscribe.then((off) => off()).catch(() => {});

  function group(groupId: number): Group {
    let g = groups.get(groupId);
    if (!g) {
      const created: Group = { members: new Set(), pending: [], timer: null, unsubscribe: Promise.resolve(async () => {}) };
      created.unsubscribe = bus.subscribe(channel(groupId), (raw) => {
        created.pending.push(JSON.parse(raw) as ImMessage);
        created.timer ??= setTimeout(() => flush(groupId, created), batchMs);
      });
      groups.set(groupId, created);
      g = created;
    }
    return g;
  }

  async function leave(c: Client, groupId: number) {
    c.groups.delete(groupId);
    c.held.delete(groupId);
    c.floor.delete(groupId);
    const g = groups.get(groupId);
    if (!g) return;
    g.members.delete(c);
    if (g.members.size === 0) {
      groups.delete(groupId);
      if (g.timer) clearTimeout(g.timer);
      await unsubscribe(g);
    }
  }

  async function join(c: Client, groupId: number, lastSeq: number | undefined) {
    if (!(await repo.isAnchor(groupId))) return fail(c, 'join', 'chat.no_room');
    if (c.groups.has(groupId)) await leave(c, groupId);
    const g = group(groupId);
    // Listen before reading history, so nothing published in between is missed.
    c.held.set(groupId, []);
    c.groups.add(groupId);
    g.members.add(c);
    await g.unsubscribe;
    const history = (await repo.history(groupId, lastSeq ?? null, lastSeq === undefined ? CHAT_HISTORY_SIZE : RESUME_LIMIT)).map(toImMessage);
    if (!c.groups.has(groupId)) return; // left (or closed) meanwhile
    write(c, { type: 'joined', groupId, messages: history });
    const upTo = history.at(-1)?.seq ?? lastSeq ?? 0;
    const held = c.held.get(groupId) ?? [];
    c.held.delete(groupId);
    c.floor.set(groupId, upTo);
    const fresh = held.filter((m) => m.seq > upTo);
    if (fresh.length) write(c, { type: 'messages', groupId, messages: fresh });
  }

  async function send(c: Client, groupId: number, raw: string) {
    const userId = c.identity?.userId ?? null;
    if (userId === null) return fail(c, 'send', 'auth.login_first');
    if (!c.groups.has(groupId)) return fail(c, 'send', 'chat.not_joined');
    const text = raw.trim();
    if (!text) return fail(c, 'send', 'chat.empty');
    if ([...text].length > CHAT_TEXT_MAX) return fail(c, 'send', 'chat.too_long', { max: CHAT_TEXT_MAX });
    const now = Date.now();
    c.sends = c.sends.filter((t) => now - t < SEND_WINDOW_MS);
    if (c.sends.length >= SEND_BURST) return fail(c, 'send', 'common.too_many');
    c.sends.push(now);
    const sender = await repo.sender(userId);
    if (!sender) return fail(c, 'send', 'auth.login_first');
    const stored = await repo.append({ groupId, fromIdentifier: String(userId), nick: sender.nick, avatar: sender.avatar, type: 'TIMTextElem', payload: { text } });
    await bus.publish(channel(groupId), JSON.stringify(toImMessage(stored)));
    write(c, { type: 'sent', groupId, seq: stored.seq });
  }

  app.get('/ws/im', { websocket: true }, (ws, req) => {
    const c: Client = { ws, req, identity: null, groups: new Set(), held: new Map(), floor: new Map(), sends: [] };
    const loginTimer = setTimeout(() => c.identity || ws.close(4001, 'login timeout'), loginTimeoutMs);
    // Frames of one client are handled one after another, in the order sent.
    let queue = Promise.resolve();

    async function handle(raw: string) {
      let parsed;
      try {
        parsed = imClientFrame.safeParse(JSON.parse(raw));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return fail(c, 'unknown', 'chat.bad_frame');
      const f = parsed.data;
      if (f.type === 'ping') return write(c, { type: 'pong' });
      if (f.type === 'login') {
        const identity = credentials.verify(f.identifier, f.userSig);
        if (!identity) {
          fail(c, 'login', 'chat.bad_credential');
          return ws.close(4001, 'bad credential');
        }
        c.identity = identity;
        clearTimeout(loginTimer);
        return write(c, { type: 'login', identifier: identity.identifier, guest: identity.userId === null });
      }
      if (!c.identity) return fail(c, f.type, 'chat.bad_credential');
      if (f.type === 'join') return join(c, f.groupId, f.lastSeq);
      if (f.type === 'leave') {
        await leave(c, f.groupId);
        return write(c, { type: 'left', groupId: f.groupId });
      }
      return send(c, f.groupId, f.text);
    }

    ws.on('message', (data) => {
      queue = queue.then(() => handle(data.toString())).catch((err) => {
        app.log.error({ err }, 'im frame failed');
        fail(c, 'unknown', 'common.error');
      });
    });
    ws.on('close', () => {
      clearTimeout(loginTimer);
      queue = queue.then(async () => {
        for (const id of [...c.groups]) await leave(c, id);
      });
    });
  });

  app.addHook('onClose', async () => {
    for (const [id, g] of groups) {
      if (g.timer) clearTimeout(g.timer);
      groups.delete(id);
      await unsubscribe(g);
    }
  });
}
