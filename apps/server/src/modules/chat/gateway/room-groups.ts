import type { FastifyBaseLogger } from 'fastify';
import { CHAT_HISTORY_SIZE, type EntranceEvent, type ImEvent, type ImMessage, type ImServerFrame, ImCustomType } from '@livesports/contracts/chat';
import { economyRoomChannel } from '@livesports/contracts/economy-gifts';
import type { Bus } from '../../../platform/bus.ts';
import { type PreparedFrame, prepareFrame } from '../../../platform/prepared-frame.ts';
import { type MessagesService, groupChannel } from '../messages.service.ts';
import { RoomHistory } from '../room-history.ts';
import { type Client, write } from './client.ts';

/** Longest history page when resuming. */
const RESUME_LIMIT = 500;
/** Messages of a room each process keeps in memory for joins and resumes (room-history.ts). */
const HISTORY_KEPT = 500;

/** A room's group in this process: its members here, and what waits for their next batch. */
interface Group {
  members: Set<Client>;
  pending: ImMessage[];
  events: ImEvent[];
  timer: NodeJS.Timeout | null;
  /** A batch is being written (in slices): the next one waits for it. */
  writing: boolean;
  /** When the last batch had been written to every member (performance.now()). */
  lastFlush: number;
  unsubscribe: Promise<Array<() => Promise<void>>>;
  /** The room's latest messages, so a join reads no database (room-history.ts). */
  history: RoomHistory;
  seeding: Promise<void> | null;
  /** The `joined` frame of a first join, built once per version of the history. */
  joinedFrame: { version: number; messages: ImMessage[]; frame: PreparedFrame } | null;
}

export interface RoomGroupsDeps {
  bus: Bus;
  messages: MessagesService;
  log: FastifyBaseLogger;
  batchMs: number;
}

/**
 * Longest stretch (ms) the batch writer keeps the event loop before letting it read sockets and
 * database answers. Why: in a 10,000-viewer room one batch is 10,000 socket writes, a second or more
 * of CPU on a loaded machine. Written in one go, every message on its way in (read from its
 * sender's socket, stored, published) waited a whole batch at each of those steps, so it reached
 * the next batch several batches late (`npm run bench -- chat`: p50 5 s against the bare server's
 * 0.6 s). Written in slices, the next messages get stored while this batch is written.
 */
const SLICE_MS = 4;
/** Sockets written between two looks at the clock. */
const SLICE_CHECK = 64;

/** Writes one batch to one member (or holds it, or drops what its history already had). */
function deliver(c: Client, groupId: number, batch: ImMessage[], events: ImEvent[], body: ImServerFrame & { type: 'messages' }, frame: PreparedFrame) {
  const held = c.held.get(groupId);
  if (held) {
    held.push(...batch);
    return;
  }
  // A batch gathered before the client's join may hold messages its history already had.
  const floor = c.floor.get(groupId);
  if (floor !== undefined && batch.length && batch[0].seq <= floor) {
    const fresh = batch.filter((m) => m.seq > floor);
    if (fresh.length || events.length) write(c, { ...body, messages: fresh });
    return;
  }
  if (floor !== undefined) c.floor.delete(groupId);
  write(c, frame);
}

/**
 * Writes what the room gathered since its last batch to every member of this process, in slices
 * of SLICE_MS (see above); `done` runs once every member has it. Members who join meanwhile are
 * reached too (a Set's iterator visits what is added during the walk; their join's history and
 * floor keep them from getting a message twice), members who leave are skipped.
 */
function writeBatch(groupId: number, g: Group, done: () => void) {
  if (g.pending.length === 0 && g.events.length === 0) return done();
  const batch = g.pending.sort((a, b) => a.seq - b.seq);
  const events = g.events;
  g.pending = [];
  g.events = [];
  const body = { type: 'messages', groupId, messages: batch, ...(events.length ? { events } : {}) } satisfies ImServerFrame;
  // Serialized and framed once for every member of this process.
  const frame = prepareFrame(JSON.stringify(body));
  const members = g.members.values();
  const slice = () => {
    const until = performance.now() + SLICE_MS;
    try {
      for (;;) {
        for (let i = 0; i < SLICE_CHECK; i++) {
          const next = members.next();
          if (next.done) return done();
          deliver(next.value, groupId, batch, events, body, frame);
        }
        if (performance.now() >= until) return void setImmediate(slice);
      }
    } catch (err) {
      // The room's next batches still go out.
      done();
      throw err;
    }
  };
  slice();
}

/** Writes the batch; the next one is scheduled only once this one is out, so batches never overlap. */
function flush(groupId: number, g: Group, schedule: () => void) {
  g.timer = null;
  g.writing = true;
  let finished = false;
  const done = () => {
    if (finished) return;
    finished = true;
    g.writing = false;
    g.lastFlush = performance.now();
    if (g.pending.length || g.events.length) schedule();
  };
  writeBatch(groupId, g, done);
}

/** Opens a room's group: its bus subscriptions (messages, then gifts and entrances) feed the batch. */
function openGroup(deps: RoomGroupsDeps, groupId: number): Group {
  const g: Group = {
    members: new Set(),
    pending: [],
    events: [],
    timer: null,
    writing: false,
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
  const schedule = () => {
    if (g.timer || g.writing) return;
    g.timer = setTimeout(() => flush(groupId, g, schedule), Math.max(0, deps.batchMs - (performance.now() - g.lastFlush)));
  };
  g.unsubscribe = Promise.all([
    deps.bus.subscribe(groupChannel(groupId), (raw) => {
      const m = JSON.parse(raw) as ImMessage;
      g.history.add(m);
      g.pending.push(m);
      schedule();
    }),
    // Gifts (published by the economy after the payment commits) and entrances: relayed, not stored.
    deps.bus.subscribe(economyRoomChannel(groupId), (raw) => {
      g.events.push(JSON.parse(raw) as ImEvent);
      schedule();
    }),
  ]);
  return g;
}

// The bus may already be closed when the app shuts down; there is nothing left to undo then.
const unsubscribe = (g: Group) => g.unsubscribe.then((offs) => Promise.all(offs.map((off) => off()))).catch(() => {});

/** Seeds the room's memory from the database once (after its bus subscription is made). */
function seed(deps: RoomGroupsDeps, g: Group, groupId: number) {
  g.seeding ??= deps.messages.recent(groupId, HISTORY_KEPT).then(
    (rows) => g.history.seed(rows),
    (err) => {
      g.seeding = null;
      deps.log.warn({ err }, 'chat history not loaded');
    },
  );
  return g.seeding;
}

/**
 * What a join gets first: the room's last messages, or everything after lastSeq, from memory; the
 * database answers only what memory does not hold. A first join's frame is the same for every
 * viewer until the next message, so it is serialized once.
 */
async function historyPage(deps: RoomGroupsDeps, g: Group, groupId: number, lastSeq: number | undefined): Promise<{ messages: ImMessage[]; frame?: PreparedFrame }> {
  await seed(deps, g, groupId);
  const kept = g.history.page(lastSeq, CHAT_HISTORY_SIZE, RESUME_LIMIT);
  if (kept && lastSeq === undefined) {
    const version = g.history.version;
    if (g.joinedFrame?.version !== version) g.joinedFrame = { version, messages: kept, frame: prepareFrame(JSON.stringify({ type: 'joined', groupId, messages: kept } satisfies ImServerFrame)) };
    return g.joinedFrame;
  }
  if (kept) return { messages: kept };
  const rows = await deps.messages.history(groupId, lastSeq).catch(() => []);
  return { messages: lastSeq === undefined ? rows : rows.slice(0, RESUME_LIMIT) };
}

/** A noble's or guard's entrance, relayed to the room like a gift. */
async function announceEntrance(deps: RoomGroupsDeps, userId: number, groupId: number) {
  // From the senders' short cache: a crowd of members joining costs one read per member and room
  // every few seconds, shared with their first message.
  const who = await deps.messages.senderIn(userId, groupId);
  const perks = who?.perks;
  if (!who || !perks || (!perks.noble && !perks.guard_level)) return;
  const event: EntranceEvent = { type: ImCustomType.ENTRANCE, room_id: groupId, user: { id: userId, nick: who.nick, avatar: who.avatar }, noble: perks.noble, guard_level: perks.guard_level };
  await deps.bus.publish(economyRoomChannel(groupId), JSON.stringify(event));
}

/**
 * The room groups of this process: a group lives while it has members here, and batches what the
 * bus brings for ~batchMs into one prepared frame for all of them.
 */
export function createRoomGroups(deps: RoomGroupsDeps) {
  const groups = new Map<number, Group>();

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

  /** Joins a checked client to a room and sends its history; false when it left (or closed) meanwhile. */
  async function join(c: Client, groupId: number, lastSeq: number | undefined): Promise<boolean> {
    if (c.groups.has(groupId)) await leave(c, groupId);
    let g = groups.get(groupId);
    if (!g) groups.set(groupId, (g = openGroup(deps, groupId)));
    // Listen before reading history, so nothing published in between is missed.
    c.held.set(groupId, []);
    c.groups.add(groupId);
    g.members.add(c);
    await g.unsubscribe;
    const page = await historyPage(deps, g, groupId, lastSeq);
    if (!c.groups.has(groupId)) return false;
    write(c, page.frame ?? { type: 'joined', groupId, messages: page.messages });
    const upTo = page.messages.at(-1)?.seq ?? lastSeq ?? 0;
    const held = c.held.get(groupId) ?? [];
    c.held.delete(groupId);
    c.floor.set(groupId, upTo);
    const fresh = held.filter((m) => m.seq > upTo);
    if (fresh.length) write(c, { type: 'messages', groupId, messages: fresh });
    return true;
  }

  return {
    join,
    leave,
    announceEntrance: (userId: number, groupId: number) => announceEntrance(deps, userId, groupId),
    async close() {
      for (const [id, g] of groups) {
        if (g.timer) clearTimeout(g.timer);
        groups.delete(id);
        await unsubscribe(g);
      }
    },
  };
}
export type RoomGroups = ReturnType<typeof createRoomGroups>;
