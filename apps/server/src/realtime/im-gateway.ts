import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CHAT_HISTORY_SIZE, type EntranceEvent, type ImEvent, type ImMessage, type ImServerFrame, imClientFrame, ImCustomType } from '@livesports/contracts/chat';
import { economyRoomChannel } from '@livesports/contracts/economy-gifts';
import type { Bus } from '../platform/bus.ts';
import { localize } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import type { ChatCredentials, ChatIdentity } from '../modules/chat/credentials.ts';
import { type DirectService, userChannel } from '../modules/chat/direct.service.ts';
import { HORN_CHANNEL } from '../modules/chat/horns.service.ts';
import { type MessagesService, groupChannel } from '../modules/chat/messages.service.ts';
import { MOD_CHANNEL, type ModEvent, type ModerationService, formatUntil } from '../modules/chat/moderation.service.ts';
import { RoomHistory } from '../modules/chat/room-history.ts';
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
 *   → {type:'c2c', to, text}                ← {type:'c2c_sent', id, message}; the recipient ← {type:'c2c', message}
 *   → {type:'c2c_history'}                  ← {type:'c2c_history', messages}
 *   live                                    ← {type:'messages', groupId, messages, events?}
 *                                           ← {type:'kicked', groupId, until, msg} · {type:'horn', horn}
 *
 * Messages are stored with a per-group sequence number (chat/messages.service.ts), then published on
 * the bus (Redis between processes); each process batches what it hears per group for ~100 ms and
 * writes one prepared frame to all its members. Room events (gifts type 100 from the economy,
 * entrances type 102) ride in the same batch without a sequence. A joining client's live frames are
 * held until its history is out, and held messages already in the history are dropped, so a resume
 * has neither gaps nor duplicates.
 */

/** Longest history page when resuming. */
const RESUME_LIMIT = 500;
/** Messages of a room each process keeps in memory for joins and resumes (room-history.ts). */
const HISTORY_KEPT = 500;
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
}

interface Group {
  members: Set<Client>;
  pending: ImMessage[];
  events: ImEvent[];
  timer: NodeJS.Timeout | null;
  /** When the last batch had been written to every member (performance.now()). */
  lastFlush: number;
  unsubscribe: Promise<Array<() => Promise<void>>>;
  /** The room's latest messages, so a join reads no database (room-history.ts). */
  history: RoomHistory;
  seeding: Promise<void> | null;
  /** The `joined` frame of a first join, built once per version of the history. */
  joinedFrame: { version: number; messages: ImMessage[]; frame: PreparedFrame } | null;
}

export interface ImGatewayOptions {
  credentials: ChatCredentials;
  bus: Bus;
  messages: MessagesService;
  moderation: ModerationService;
  direct: DirectService;
  /** Whether a member credential's login session is still open (ended by sign-out, password change, ban). */
  sessionActive: (sessionId: number, userId: number) => Promise<boolean>;
  /** Bus channel announcing ended sessions (JSON { userId, sessionId?, except? }): their sockets close. */
  sessionsEndedChannel: string;
  batchMs?: number;
  loginTimeoutMs?: number;
}

export async function imGateway(app: FastifyInstance, opts: ImGatewayOptions) {
  const { credentials, bus, messages, moderation, direct } = opts;
  const batchMs = opts.batchMs ?? 100;
  const loginTimeoutMs = opts.loginTimeoutMs ?? 10_000;
  const groups = new Map<number, Group>();
  /** Logged-in members by user id, with their one-to-one channel subscription. */
  const members = new Map<number, { clients: Set<Client>; off: Promise<() => Promise<void>> }>();
  const everyone = new Set<Client>();

  function write(c: Client, data: PreparedFrame | ImServerFrame) {
    if (c.ws.readyState !== c.ws.OPEN) return;
    if (c.ws.bufferedAmount > MAX_BUFFERED) return void c.ws.terminate();
    if ('bytes' in data) sendPrepared(c.ws, data);
    else c.ws.send(JSON.stringify(data));
  }
  const fail = (c: Client, request: string, key: string, params?: Record<string, string | number>) => write(c, { type: 'error', msg: localize(c.req, key, params), request });
  const failWith = (c: Client, request: string, err: unknown) => {
    if (err instanceof AppError) return fail(c, request, err.key, err.params);
    throw err;
  };

  function flush(groupId: number, g: Group) {
    g.timer = null;
    try {
      writeBatch(groupId, g);
    } finally {
      g.lastFlush = performance.now();
    }
  }

  function writeBatch(groupId: number, g: Group) {
    if (g.pending.length === 0 && g.events.length === 0) return;
    const batch = g.pending.sort((a, b) => a.seq - b.seq);
    const events = g.events;
    g.pending = [];
    g.events = [];
    const body = { type: 'messages', groupId, messages: batch, ...(events.length ? { events } : {}) } satisfies ImServerFrame;
    // Serialized and framed once for every member of this process.
    const frame = prepareFrame(JSON.stringify(body));
    for (const c of g.members) {
      const held = c.held.get(groupId);
      if (held) {
        held.push(...batch);
        continue;
      }
      // A batch gathered before the client's join may hold messages its history already had.
      const floor = c.floor.get(groupId);
      if (floor !== undefined && batch.length && batch[0].seq <= floor) {
        const fresh = batch.filter((m) => m.seq > floor);
        if (fresh.length || events.length) write(c, { ...body, messages: fresh });
      } else {
        c.floor.delete(groupId);
        write(c, frame);
      }
    }
  }

  // The bus may already be closed when the app shuts down; there is nothing left to undo then.
  const unsubscribe = (g: Group) => g.unsubscribe.then((offs) => Promise.all(offs.map((off) => off()))).catch(() => {});

  function group(groupId: number): Group {
    let g = groups.get(groupId);
    if (!g) {
      const created: Group = {
        members: new Set(),
        pending: [],
        events: [],
        timer: null,
        lastFlush: 0,
        unsubscribe: Promise.resolve([]),
        history: new RoomHistory(HISTORY_KEPT),
        seeding: null,
        joinedFrame: null,
      };
      // A batch leaves batchMs after the last one was written out, so a room never gets more than one
      // batch per batchMs plus the time writing it takes: in a room so big that the writes fill the
      // CPU, batches space out by themselves instead of queueing behind each other (measured: starting
      // batches every batchMs from the start of the last one doubled the 10,000-viewer bench's p99).
      // A message in a room that has been quiet that long goes out at once.
      const schedule = () => (created.timer ??= setTimeout(() => flush(groupId, created), Math.max(0, batchMs - (performance.now() - created.lastFlush))));
      created.unsubscribe = Promise.all([
        bus.subscribe(groupChannel(groupId), (raw) => {
          const m = JSON.parse(raw) as ImMessage;
          created.history.add(m);
          created.pending.push(m);
          schedule();
        }),
        // Gifts (published by the economy after the payment commits) and entrances: relayed, not stored.
        bus.subscribe(economyRoomChannel(groupId), (raw) => {
          created.events.push(JSON.parse(raw) as ImEvent);
          schedule();
        }),
      ]);
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

  /** Seeds the room's memory from the database once (after its bus subscription is made). */
  function seed(g: Group, groupId: number) {
    g.seeding ??= messages.recent(groupId, HISTORY_KEPT).then(
      (rows) => g.history.seed(rows),
      (err) => {
        g.seeding = null;
        app.log.warn({ err }, 'chat history not loaded');
      },
    );
    return g.seeding;
  }

  /**
   * What a join gets first: the room's last messages, or everything after lastSeq, from memory; the
   * database answers only what memory does not hold. A first join's frame is the same for every
   * viewer until the next message, so it is serialized once.
   */
  async function historyPage(g: Group, groupId: number, lastSeq: number | undefined): Promise<{ messages: ImMessage[]; frame?: PreparedFrame }> {
    await seed(g, groupId);
    const kept = g.history.page(lastSeq, CHAT_HISTORY_SIZE, RESUME_LIMIT);
    if (kept && lastSeq === undefined) {
      const version = g.history.version;
      if (g.joinedFrame?.version !== version) g.joinedFrame = { version, messages: kept, frame: prepareFrame(JSON.stringify({ type: 'joined', groupId, messages: kept } satisfies ImServerFrame)) };
      return g.joinedFrame;
    }
    if (kept) return { messages: kept };
    const rows = await messages.history(groupId, lastSeq).catch(() => []);
    return { messages: lastSeq === undefined ? rows : rows.slice(0, RESUME_LIMIT) };
  }

  async function announceEntrance(userId: number, groupId: number) {
    // From the senders' short cache: a crowd of members joining costs one read per member and room
    // every few seconds, shared with their first message.
    const who = await messages.senderIn(userId, groupId);
    const perks = who?.perks;
    if (!who || !perks || (!perks.noble && !perks.guard_level)) return;
    const event: EntranceEvent = { type: ImCustomType.ENTRANCE, room_id: groupId, user: { id: userId, nick: who.nick, avatar: who.avatar }, noble: perks.noble, guard_level: perks.guard_level };
    await bus.publish(economyRoomChannel(groupId), JSON.stringify(event));
  }

  async function join(c: Client, groupId: number, lastSeq: number | undefined) {
    try {
      await moderation.requireRoom(groupId);
    } catch (err) {
      return failWith(c, 'join', err);
    }
    const userId = c.identity?.userId ?? null;
    if (userId !== null) {
      const until = await moderation.kickedUntil(groupId, userId);
      if (until) return write(c, { type: 'kicked', groupId, until: until.toISOString(), msg: localize(c.req, 'chat.kicked', { until: formatUntil(until) }) });
    }
    if (c.groups.has(groupId)) await leave(c, groupId);
    const g = group(groupId);
    // Listen before reading history, so nothing published in between is missed.
    c.held.set(groupId, []);
    c.groups.add(groupId);
    g.members.add(c);
    await g.unsubscribe;
    const page = await historyPage(g, groupId, lastSeq);
    if (!c.groups.has(groupId)) return; // left (or closed) meanwhile
    write(c, page.frame ?? { type: 'joined', groupId, messages: page.messages });
    const upTo = page.messages.at(-1)?.seq ?? lastSeq ?? 0;
    const held = c.held.get(groupId) ?? [];
    c.held.delete(groupId);
    c.floor.set(groupId, upTo);
    const fresh = held.filter((m) => m.seq > upTo);
    if (fresh.length) write(c, { type: 'messages', groupId, messages: fresh });
    // A first join (not a resume) of a noble or guard is announced to the room.
    if (userId !== null && lastSeq === undefined) void announceEntrance(userId, groupId).catch((err) => app.log.warn({ err }, 'entrance not announced'));
  }

  async function send(c: Client, groupId: number, text: string) {
    const userId = c.identity?.userId ?? null;
    if (userId === null) return fail(c, 'send', 'auth.login_first');
    if (!c.groups.has(groupId)) return fail(c, 'send', 'chat.not_joined');
    try {
      const m = await messages.postText(userId, groupId, text);
      write(c, { type: 'sent', groupId, seq: m.seq });
    } catch (err) {
      failWith(c, 'send', err);
    }
  }

  function addMember(c: Client, userId: number) {
    let m = members.get(userId);
    if (!m) {
      const entry = { clients: new Set<Client>(), off: Promise.resolve(async () => {}) };
      entry.off = bus.subscribe(userChannel(userId), (raw) => {
        const frame = prepareFrame(`{"type":"c2c","message":${raw}}`);
        for (const cl of entry.clients) write(cl, frame);
      });
      members.set(userId, entry);
      m = entry;
    }
    m.clients.add(c);
  }

  async function removeMember(c: Client) {
    const userId = c.identity?.userId;
    if (userId == null) return;
    const m = members.get(userId);
    if (!m) return;
    m.clients.delete(c);
    if (m.clients.size === 0) {
      members.delete(userId);
      await m.off.then((off) => off()).catch(() => {});
    }
  }

  // A kick takes effect in every process: the user's sockets leave the room's group at once.
  const offMod = bus.subscribe(MOD_CHANNEL, (raw) => {
    const e = JSON.parse(raw) as ModEvent;
    if (e.kind !== 'kick' || !e.until) return;
    const until = new Date(e.until);
    for (const c of members.get(e.userId)?.clients ?? []) {
      if (!c.groups.has(e.roomId)) continue;
      void leave(c, e.roomId);
      write(c, { type: 'kicked', groupId: e.roomId, until: e.until, msg: localize(c.req, 'chat.kicked', { until: formatUntil(until) }) });
    }
  });
  // A session that ended (sign-out, password change, ban) takes its chat sockets with it, on every process.
  const offSessions = bus.subscribe(opts.sessionsEndedChannel, (raw) => {
    let ended: { userId: number; sessionId?: number; except?: number };
    try {
      ended = JSON.parse(raw);
    } catch {
      return;
    }
    const member = members.get(ended.userId);
    if (!member) return;
    for (const c of [...member.clients]) {
      const sid = c.identity?.sessionId;
      if ((ended.sessionId !== undefined && sid !== ended.sessionId) || (ended.except !== undefined && sid === ended.except)) continue;
      fail(c, 'login', 'chat.session_ended');
      c.ws.close(4003, 'session ended');
    }
  });

  // Horns go to every socket of this process, whatever room it is in.
  const offHorn = bus.subscribe(HORN_CHANNEL, (raw) => {
    const frame = prepareFrame(`{"type":"horn","horn":${raw}}`);
    for (const c of everyone) if (c.identity) write(c, frame);
  });

  app.get('/ws/im', { websocket: true }, (ws, req) => {
    // One address holds only so many sockets that have not logged in yet (released at login).
    const admitted = app.sockets.im.admit(req.ip);
    if (!admitted) return void ws.close(1008, 'too many sockets');
    const releasePreLogin: () => void = admitted;
    const withinBudget = app.sockets.im.frameBudget();
    const c: Client = { ws, req, identity: null, groups: new Set(), held: new Map(), floor: new Map() };
    everyone.add(c);
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
        const verified = credentials.verify(f.identifier, f.userSig);
        // A member's credential lives only as long as the login session it was minted for.
        const identity = verified && (verified.userId === null || (await opts.sessionActive(verified.sessionId!, verified.userId))) ? verified : null;
        if (!identity) {
          fail(c, 'login', 'chat.bad_credential');
          return ws.close(4001, 'bad credential');
        }
        if (c.identity) await removeMember(c);
        releasePreLogin();
        c.identity = identity;
        if (identity.userId !== null) addMember(c, identity.userId);
        clearTimeout(loginTimer);
        return write(c, { type: 'login', identifier: identity.identifier, guest: identity.userId === null });
      }
      if (!c.identity) return fail(c, f.type, 'chat.bad_credential');
      switch (f.type) {
        case 'join':
          return join(c, f.groupId, f.lastSeq);
        case 'leave':
          await leave(c, f.groupId);
          return write(c, { type: 'left', groupId: f.groupId });
        case 'send':
          return send(c, f.groupId, f.text);
        case 'c2c':
          try {
            const message = await direct.send(c.identity.userId, f.to, f.text);
            return write(c, { type: 'c2c_sent', id: message.id, message });
          } catch (err) {
            return failWith(c, 'c2c', err);
          }
        case 'c2c_history':
          if (c.identity.userId === null) return fail(c, 'c2c_history', 'auth.login_first');
          return write(c, { type: 'c2c_history', messages: await direct.history(c.identity.userId) });
      }
    }

    ws.on('message', (data) => {
      if (!withinBudget()) return void ws.close(1008, 'too many frames');
      queue = queue
        .then(() => handle(data.toString()))
        .catch((err) => {
          app.log.error({ err }, 'im frame failed');
          fail(c, 'unknown', 'common.error');
        });
    });
    ws.on('close', () => {
      releasePreLogin();
      clearTimeout(loginTimer);
      everyone.delete(c);
      queue = queue.then(async () => {
        for (const id of [...c.groups]) await leave(c, id);
        await removeMember(c);
      });
    });
  });

  app.addHook('onClose', async () => {
    for (const [id, g] of groups) {
      if (g.timer) clearTimeout(g.timer);
      groups.delete(id);
      await unsubscribe(g);
    }
    for (const [id, m] of members) {
      members.delete(id);
      await m.off.then((off) => off()).catch(() => {});
    }
    for (const off of [offMod, offHorn, offSessions]) await off.then((f) => f()).catch(() => {});
  });
}
