import { KEYWORDS_MAX, ROOM_ADMIN_MAX, type Sanction } from '@livesports/contracts/chat-moderation';
import type { ImNotice } from '@livesports/contracts/chat';
import { ImCustomType } from '@livesports/contracts/chat';
import type { AuthUser } from '../../platform/auth.ts';
import type { Bus } from '../../platform/bus.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badInput, forbidden } from '../../platform/errors.ts';
import type { ModerationRepo, SanctionKind } from './moderation.repo.ts';
import { createRefreshingCache } from '../../platform/refreshing-cache.ts';

/** Bus channel that tells every gateway process about a kick (its sockets leave the room). */
export const MOD_CHANNEL = 'chat:mod';
export interface ModEvent {
  roomId: number;
  userId: number;
  kind: SanctionKind | 'keywords' | 'admins' | 'slow_mode';
  /** ISO end of the sanction; null when lifted. */
  until: string | null;
}

export type RoomRole = 'anchor' | 'admin' | 'viewer';

/** How a sanction's end is written in messages: one form every reader understands, in UTC. */
export const formatUntil = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * What every message is checked against (the room exists, its admins, mutes, kicks, keywords) is
 * kept per room for a short while and dropped whenever a moderator changes it (here, and in other
 * processes through MOD_CHANNEL): a busy room then costs no lookups per message.
 */
const ROOM_STATE_TTL_MS = 30_000;
/** …and used while it is read again up to this age (room-state reads never hold a message). */
const ROOM_STATE_STALE_MS = 120_000;

interface RoomState {
  admins: Set<number>;
  mutes: Map<number, Date>;
  kicks: Map<number, Date>;
  keywords: string[];
  /** Slow mode in seconds (0 off). */
  slowMode: number;
}

/** Whether a user is site staff (exempt from slow mode) is read at most once per this long. */
const STAFF_TTL_MS = 30_000;

/**
 * Room moderation rules (spec §6; the spec shows no rules, these are the usual ones of live sites):
 * the anchor moderates its own room and names up to ROOM_ADMIN_MAX admins; admins mute and kick
 * viewers but not the anchor or each other; nobody moderates themself. Every action is logged and
 * announced in the room as a notice, and a kick takes effect at once in every process.
 */
export function createModerationService(deps: { repo: ModerationRepo; bus: Bus; clock: Clock; notice: (roomId: number, actorId: number, n: ImNotice) => Promise<void> }) {
  const { repo, bus, clock } = deps;
  // The room's state: used at once past its time while one read refreshes it (room-state reads
  // never hold a message); a moderator's change drops it at once, here and in every process, and a
  // read that was under way when it changed is not kept (platform/refreshing-cache.ts).
  const states = createRefreshingCache<number, RoomState>({
    freshMs: ROOM_STATE_TTL_MS,
    staleMs: ROOM_STATE_STALE_MS,
    now: () => clock.now().getTime(),
    load: async (roomId) => {
      const [admins, sanctions, keywords, slowMode] = await Promise.all([repo.admins(roomId), repo.sanctions(roomId, clock.now()), repo.keywords(roomId), repo.slowMode(roomId)]);
      const s: RoomState = { admins: new Set(admins.map((a) => a.id)), mutes: new Map(), kicks: new Map(), keywords, slowMode };
      for (const x of sanctions) (x.kind === 'mute' ? s.mutes : s.kicks).set(x.id, x.until);
      return s;
    },
  });
  /** Rooms known to exist (only positive answers are kept: a new anchor's room works at once). */
  const roomExists = createRefreshingCache<number, boolean>({
    freshMs: ROOM_STATE_TTL_MS,
    staleMs: ROOM_STATE_STALE_MS,
    now: () => clock.now().getTime(),
    load: async (roomId) => (await repo.user(roomId))?.isAnchor === 1,
  });

  const forget = (roomId: number) => states.delete(roomId);
  const state = (roomId: number) => states.get(roomId);

  const staff = new Map<number, { at: number; value: Promise<boolean> }>();
  /** Site staff (administrators and console moderators), kept briefly: read only while a slow mode is on. */
  function isStaff(userId: number) {
    const now = clock.now().getTime();
    const hit = staff.get(userId);
    if (hit && now - hit.at < STAFF_TTL_MS) return hit.value;
    const value = repo.user(userId).then((u) => !!u && (u.isAdmin === 1 || u.isModerator === 1));
    value.catch(() => staff.delete(userId));
    staff.set(userId, { at: now, value });
    if (staff.size > 20_000) for (const [k, v] of staff) if (now - v.at >= STAFF_TTL_MS) staff.delete(k);
    return value;
  }

  const until = (m: Map<number, Date>, userId: number) => {
    const d = m.get(userId);
    return d && d > clock.now() ? d : null;
  };

  async function requireRoom(roomId: number) {
    const exists = await roomExists.get(roomId);
    if (!exists) {
      // Not kept: a new anchor's room works at once.
      roomExists.delete(roomId);
      throw badInput('chat.no_room');
    }
  }

  async function role(roomId: number, userId: number): Promise<RoomRole> {
    if (userId === roomId) {
      try {
        await requireRoom(roomId);
        return 'anchor';
      } catch {
        return 'viewer';
      }
    }
    return (await state(roomId)).admins.has(userId) ? 'admin' : 'viewer';
  }

  async function requireModerator(roomId: number, actor: AuthUser): Promise<RoomRole> {
    await requireRoom(roomId);
    const r = await role(roomId, actor.id);
    if (r === 'viewer') throw forbidden('chat.not_moderator');
    return r;
  }

  async function requireAnchor(actor: AuthUser) {
    if (!actor.isAnchor) throw forbidden('chat.only_anchor');
    return actor.id;
  }

  async function sanction(actor: AuthUser, roomId: number, targetId: number, kind: SanctionKind, minutes: number) {
    const actorRole = await requireModerator(roomId, actor);
    if (targetId === actor.id) throw badInput('chat.self');
    const target = await repo.user(targetId);
    if (!target) throw badInput('chat.user_unknown');
    const targetRole = await role(roomId, targetId);
    // Site staff answer to nobody's room: no anchor or room admin mutes or kicks an administrator
    // or a console moderator (issue #51 item 6: a room admin muted a site moderator). Only staff
    // of at least the same rank, being room moderators here too, may.
    if (target.isAdmin === 1 && !actor.isAdmin) throw forbidden('chat.cannot_moderate_staff');
    if (target.isModerator === 1 && !actor.isModerator) throw forbidden('chat.cannot_moderate_staff');
    if (targetRole === 'anchor' || (targetRole === 'admin' && actorRole !== 'anchor')) throw forbidden('chat.cannot_moderate');
    const now = clock.now();
    let until: Date | null = null;
    if (minutes > 0) {
      until = new Date(now.getTime() + minutes * 60_000);
      await repo.setSanction(roomId, targetId, kind, until, actor.id);
    } else {
      await repo.liftSanction(roomId, targetId, kind);
    }
    forget(roomId);
    const action = minutes > 0 ? kind : kind === 'mute' ? 'unmute' : 'unkick';
    await repo.log({ roomId, actorId: actor.id, targetId, action, detail: minutes > 0 ? { minutes, until: until!.toISOString() } : {} });
    await bus.publish(MOD_CHANNEL, JSON.stringify({ roomId, userId: targetId, kind, until: until?.toISOString() ?? null } satisfies ModEvent));
    if (action !== 'unkick') await deps.notice(roomId, actor.id, { type: ImCustomType.NOTICE, action, target: { id: targetId, nick: target.user_nickname }, ...(minutes > 0 ? { minutes } : {}) });
    return { until: until?.toISOString() ?? null };
  }

  // A moderator changed something in a room (here or in another process): read it again next time.
  const off = bus.subscribe(MOD_CHANNEL, (raw) => forget((JSON.parse(raw) as ModEvent).roomId));

  const admins = (roomId: number) => repo.admins(roomId).then((rows) => rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })));

  return {
    role,
    requireRoom,
    admins,
    close: () => off.then((f) => f()).catch(() => {}),

    async setAdmin(actor: AuthUser, targetId: number, status: 0 | 1) {
      const roomId = await requireAnchor(actor);
      if (targetId === actor.id) throw badInput('chat.self');
      const target = await repo.user(targetId);
      if (!target) throw badInput('chat.user_unknown');
      const changed = status === 1 ? await repo.addAdmin(roomId, targetId, ROOM_ADMIN_MAX) : await repo.removeAdmin(roomId, targetId);
      if (status === 1 && !changed) {
        if (!(await repo.isAdmin(roomId, targetId))) throw badInput('chat.admins_full', { max: ROOM_ADMIN_MAX });
      } else if (changed || status === 1) {
        forget(roomId);
        await bus.publish(MOD_CHANNEL, JSON.stringify({ roomId, userId: targetId, kind: 'admins', until: null } satisfies ModEvent));
        await repo.log({ roomId, actorId: actor.id, targetId, action: status === 1 ? 'admin_set' : 'admin_remove' });
        await deps.notice(roomId, actor.id, { type: ImCustomType.NOTICE, action: status === 1 ? 'admin_set' : 'admin_remove', target: { id: targetId, nick: target.user_nickname } });
      }
      return admins(roomId);
    },

    mute: (actor: AuthUser, roomId: number, targetId: number, minutes: number) => sanction(actor, roomId, targetId, 'mute', minutes),
    kick: (actor: AuthUser, roomId: number, targetId: number, minutes: number) => sanction(actor, roomId, targetId, 'kick', minutes),

    async sanctions(actor: AuthUser, roomId: number): Promise<Sanction[]> {
      await requireModerator(roomId, actor);
      const rows = await repo.sanctions(roomId, clock.now());
      return rows.map((r) => ({ user: { id: r.id, user_nickname: r.user_nickname, avatar: r.avatar }, kind: r.kind as SanctionKind, until: r.until.toISOString(), actor_id: r.actor_id }));
    },

    async log(actor: AuthUser, roomId: number, page: number, limit: number) {
      await requireModerator(roomId, actor);
      const { list, total } = await repo.logPage(roomId, page, limit);
      const people = await repo.users([...new Set(list.flatMap((e) => (e.targetId ? [e.actorId, e.targetId] : [e.actorId])))]);
      const gone = (id: number) => ({ id, user_nickname: '', avatar: '' });
      return {
        total,
        list: list.map((e) => ({
          id: e.id,
          action: e.action as never,
          actor: people.get(e.actorId) ?? gone(e.actorId),
          target: e.targetId ? (people.get(e.targetId) ?? gone(e.targetId)) : null,
          detail: (e.detail ?? {}) as Record<string, unknown>,
          created_at: e.createdAt.toISOString(),
        })),
      };
    },

    keywordsOf: async (actor: AuthUser) => repo.keywords(await requireAnchor(actor)),

    /** The anchor or a room admin sets the room's slow mode; a change is logged and announced. */
    async setSlowMode(actor: AuthUser, roomId: number, seconds: number) {
      await requireModerator(roomId, actor);
      const before = await repo.setSlowMode(roomId, seconds);
      forget(roomId);
      await bus.publish(MOD_CHANNEL, JSON.stringify({ roomId, userId: actor.id, kind: 'slow_mode', until: null } satisfies ModEvent));
      if (before !== seconds) {
        await repo.log({ roomId, actorId: actor.id, targetId: null, action: 'slow_mode', detail: { seconds } });
        const who = await repo.user(actor.id);
        await deps.notice(roomId, actor.id, { type: ImCustomType.NOTICE, action: 'slow_mode', target: { id: actor.id, nick: who?.user_nickname ?? '' }, seconds });
      }
      return { seconds };
    },

    /** Seconds this user must leave between messages in the room: 0 when off, and for the anchor, room admins and site staff. */
    async slowModeFor(roomId: number, userId: number): Promise<number> {
      const st = await state(roomId);
      if (!st.slowMode || userId === roomId || st.admins.has(userId)) return 0;
      return (await isStaff(userId)) ? 0 : st.slowMode;
    },

    async setKeywords(actor: AuthUser, words: string[]) {
      const roomId = await requireAnchor(actor);
      // Matching ignores case, so words are kept lower-cased and once.
      const unique = [...new Set(words.map((w) => w.trim().toLowerCase()).filter(Boolean))].slice(0, KEYWORDS_MAX);
      await repo.replaceKeywords(roomId, unique);
      forget(roomId);
      await repo.log({ roomId, actorId: actor.id, targetId: null, action: 'keywords', detail: { count: unique.length } });
      await bus.publish(MOD_CHANNEL, JSON.stringify({ roomId, userId: actor.id, kind: 'keywords', until: null } satisfies ModEvent));
      return repo.keywords(roomId);
    },

    /**
     * The checks a message must pass before it is stored: not kicked, not muted, no blocked word
     * (a blocked message is logged for the anchor). Throws the localized refusal.
     */
    async checkSend(roomId: number, userId: number, text: string) {
      const st = await state(roomId);
      const kicked = until(st.kicks, userId);
      if (kicked) throw new AppError('chat.kicked', 403, undefined, { until: formatUntil(kicked) });
      const muted = until(st.mutes, userId);
      if (muted) throw new AppError('chat.muted', 403, undefined, { until: formatUntil(muted) });
      const lower = text.toLowerCase();
      const word = st.keywords.find((w) => lower.includes(w));
      if (word) {
        await repo.log({ roomId, actorId: userId, targetId: userId, action: 'blocked_message', detail: { word, text: text.slice(0, 200) } });
        throw badInput('chat.keyword_blocked');
      }
    },

    /** Name and avatar as shown in a room. */
    async person(userId: number) {
      const u = await repo.user(userId);
      return u ? { id: u.id, nick: u.user_nickname, avatar: u.avatar } : null;
    },

    kickedUntil: async (roomId: number, userId: number) => until((await state(roomId)).kicks, userId),

    async myRole(actor: AuthUser, roomId: number) {
      await requireRoom(roomId);
      const now = clock.now();
      const [r, muted, kicked, st] = await Promise.all([role(roomId, actor.id), repo.sanctionUntil(roomId, actor.id, 'mute', now), repo.sanctionUntil(roomId, actor.id, 'kick', now), state(roomId)]);
      return {
        role: r,
        muted_until: muted?.toISOString() ?? null,
        kicked_until: kicked?.toISOString() ?? null,
        slow_mode: st.slowMode,
        slow_mode_exempt: r !== 'viewer' || actor.isAdmin || actor.isModerator,
      };
    },
  };
}
export type ModerationService = ReturnType<typeof createModerationService>;
