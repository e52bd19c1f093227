import type { FastifyBaseLogger } from 'fastify';
import { CHAT_HISTORY_SIZE, CHAT_TEXT_MAX, type ImMessage, type ImNotice, type ImSenderExt, ImElemType } from '@livesports/contracts/chat';
import { NOBLES } from '@livesports/contracts/economy';
import type { Perks } from '@livesports/contracts/economy-gifts';
import type { Clock } from '../../platform/clock.ts';
import type { FloodGate } from '../../platform/flood-gate.ts';
import { AppError, badInput, notLoggedIn, tooMany } from '../../platform/errors.ts';
import type { ChatRepo, NewMessage, StoredMessage } from './repo.ts';
import type { ModerationService } from './moderation.service.ts';
import { createRefreshingCache } from '../../platform/refreshing-cache.ts';
import { unstorableText } from './storable.ts';

/** Messages one user may send per window, across all their sockets and the HTTP danmaku call. */
export const USER_SEND_BURST = 10;
export const USER_SEND_WINDOW_MS = 10_000;

export const groupChannel = (groupId: number) => `chat:group:${groupId}`;

/** A sender's name, avatar and badges are read once per this long (not for every message)… */
const SENDER_TTL_MS = 10_000;
/** …and an older answer is still used, while it is read again, up to this age. */
const SENDER_STALE_MS = 120_000;
/** Refreshes due within this long are read together (nobody waits for a refresh). */
const SENDER_GATHER_MS = 100;
/** First look-ups asked within this long are read together (a first message waits at most this). */
const SENDER_FIRST_GATHER_MS = 25;

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
    ...(m.ext ? { ext: m.ext as ImSenderExt } : {}),
  };
}

/**
 * Posting into a room's group: the one path for text from /ws/im and from api/Barrage/send, and
 * for moderation notices. Checks, then numbers, publishes and stores the message (numbering.ts).
 */
export function createMessagesService(deps: {
  repo: ChatRepo;
  /** Numbers, publishes and stores a message (numbering.ts). */
  append: (msg: NewMessage) => Promise<ImMessage>;
  /** Resolves once the room's messages numbered so far are stored. */
  settled: (groupId: number) => Promise<void>;
  clock: Clock;
  moderation: () => ModerationService;
  /** Badges of several users in a room (those who have none may be left out). */
  perks: (userIds: number[], roomId: number) => Promise<Perks[]>;
  /** Throws when the user may not write for others (a site-wide mute or ban). */
  speak?: (userId: number) => void;
  /** Gaps between one user's messages, shared by every process (Redis with REDIS_URL). */
  gate?: FloodGate;
  /** Least time between two messages of one user in any room (ms; 0 off). */
  minGapMs?: number;
  log?: Pick<FastifyBaseLogger, 'error'>;
}) {
  const { repo } = deps;
  const recent = new Map<number, number[]>();
  // Name, avatar and perks of a sender in a room: fresh for SENDER_TTL_MS, then still used (for up
  // to SENDER_STALE_MS) while one read refreshes it, so a message never waits for the refresh.
  const senders = createRefreshingCache<string, { nick: string; avatar: string; perks: Perks | null } | null>({
    freshMs: SENDER_TTL_MS,
    staleMs: SENDER_STALE_MS,
    now: () => deps.clock.now().getTime(),
    // Senders are loaded together, per room: the statements of 400 senders' refreshes are a few.
    refreshGatherMs: SENDER_GATHER_MS,
    // A member's first look-up (the entrance a join announces, a first message) waits a moment for
    // others: at kick-off members join by the hundred a second, and one look-up each (two statements)
    // kept the embedded database's thread busy for the whole surge (issue #20).
    firstGatherMs: SENDER_FIRST_GATHER_MS,
    loadMany: async (keys) => {
      const asked = keys.map((key) => key.split(':').map(Number) as [number, number]);
      const rooms = new Map<number, number[]>();
      for (const [userId, roomId] of asked) {
        const inRoom = rooms.get(roomId);
        if (inRoom) inRoom.push(userId);
        else rooms.set(roomId, [userId]);
      }
      const found = new Map<string, { nick: string; avatar: string; perks: Perks | null }>();
      await Promise.all(
        [...rooms].map(async ([roomId, userIds]) => {
          const [names, perks] = await Promise.all([repo.senders(userIds), deps.perks(userIds, roomId)]);
          const perksOf = new Map(perks.map((p) => [p.user_id, p]));
          for (const [userId, s] of names) found.set(`${userId}:${roomId}`, { ...s, perks: perksOf.get(userId) ?? null });
        }),
      );
      return keys.map((key) => found.get(key) ?? null);
    },
  });

  /** Name, avatar and perks of a sender in a room, shared by concurrent messages and kept briefly. */
  const senderIn = (userId: number, roomId: number) => senders.get(`${userId}:${roomId}`);

  /** Sliding window per user; a flood is refused, not queued. */
  function admit(userId: number) {
    const now = deps.clock.now().getTime();
    const times = (recent.get(userId) ?? []).filter((t) => now - t < USER_SEND_WINDOW_MS);
    if (times.length >= USER_SEND_BURST) {
      recent.set(userId, times);
      throw tooMany('chat.rate');
    }
    times.push(now);
    recent.set(userId, times);
    // Forget idle users now and then so the map does not grow without end.
    if (recent.size > 50_000) for (const [id, ts] of recent) if (!ts.some((t) => now - t < USER_SEND_WINDOW_MS)) recent.delete(id);
  }

  /**
   * The least gap between one user's messages (every room) and the room's slow mode, checked and
   * started together: a refusal says how many seconds are left and starts nothing.
   */
  async function pace(userId: number, groupId: number, slowSeconds: number) {
    if (!deps.gate) return;
    const gaps: Array<{ key: string; ms: number; slow: boolean }> = [];
    if (deps.minGapMs) gaps.push({ key: `chat:gap:${userId}`, ms: deps.minGapMs, slow: false });
    // The setting is in the key: changing it (or turning it off and on) starts everyone afresh.
    if (slowSeconds > 0) gaps.push({ key: `chat:slow:${groupId}:${slowSeconds}:${userId}`, ms: slowSeconds * 1000, slow: true });
    if (!gaps.length) return;
    const { waitMs, blocked } = await deps.gate.take(gaps);
    if (blocked < 0) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw tooMany(gaps[blocked].slow ? 'chat.slow_mode_wait' : 'chat.gap_wait', { seconds });
  }

  function ext(perks: Perks | null, role: string): ImSenderExt {
    const e: ImSenderExt = {};
    if (role === 'anchor' || role === 'admin') e.role = role;
    if (perks) {
      e.level = perks.wealth_level;
      if (perks.noble) {
        e.noble = perks.noble;
        e.color = NOBLES.find((n) => n.tier === perks.noble)?.danmaku_color;
      }
      if (perks.guard_level) e.guard = perks.guard_level;
    }
    return e;
  }

  return {
    admit,

    /** A user's text message (chat line and danmaku). Throws the localized refusal. */
    async postText(userId: number | null, groupId: number, raw: string): Promise<ImMessage> {
      if (userId === null) throw notLoggedIn();
      const text = raw.trim();
      if (!text) throw badInput('chat.empty');
      if ([...text].length > CHAT_TEXT_MAX) throw badInput('chat.too_long', { max: CHAT_TEXT_MAX });
      // Refused before it is numbered and shown: the database could not keep it (storable.ts).
      if (unstorableText(text)) throw badInput('chat.bad_text');
      deps.speak?.(userId);
      await deps.moderation().requireRoom(groupId);
      admit(userId);
      await deps.moderation().checkSend(groupId, userId, text);
      await pace(userId, groupId, await deps.moderation().slowModeFor(groupId, userId));
      const [sender, role] = await Promise.all([senderIn(userId, groupId), deps.moderation().role(groupId, userId)]);
      if (!sender) throw notLoggedIn();
      const e = ext(sender.perks, role);
      try {
        return await deps.append({
          groupId,
          fromIdentifier: String(userId),
          nick: sender.nick,
          avatar: sender.avatar,
          type: ImElemType.TEXT,
          payload: { text },
          ext: Object.keys(e).length ? e : null,
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        // Not stored (the database refused the row, or is down): the sender is told so in words and
        // keeps the text, instead of a bare error (or, over the socket, no answer at all).
        deps.log?.error({ err, groupId, userId }, 'chat message not sent');
        throw new AppError('chat.not_sent', 503);
      }
    },

    /** A moderation notice (custom type 103), kept in the history like any message. */
    async postNotice(groupId: number, actorId: number, notice: ImNotice) {
      const sender = (await repo.senders([actorId])).get(actorId);
      return deps.append({
        groupId,
        fromIdentifier: String(actorId),
        nick: sender?.nick ?? '',
        avatar: sender?.avatar ?? '',
        type: ImElemType.CUSTOM,
        payload: { data: JSON.stringify(notice) },
        ext: null,
      });
    },

    /** The room's latest `limit` messages, oldest first (a gateway process seeds its memory of the room with them). */
    recent: async (groupId: number, limit: number) => {
      await deps.settled(groupId);
      return (await repo.history(groupId, null, limit)).map(toImMessage);
    },

    /** Name, avatar and perks of a user in a room, read at most once per 10 s (shared with their messages; refreshed in the background). */
    senderIn,

    /** The latest messages of a room, or those after lastSeq (api/Barrage/getList). */
    async history(groupId: number, lastSeq?: number) {
      await deps.moderation().requireRoom(groupId);
      // What was numbered is in the history, though its row may still be on its way (sequencer.ts).
      await deps.settled(groupId);
      const rows = await repo.history(groupId, lastSeq ?? null, lastSeq === undefined ? CHAT_HISTORY_SIZE : 200);
      return rows.map(toImMessage);
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
