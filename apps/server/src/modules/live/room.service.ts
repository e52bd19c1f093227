import { anchorLevel } from '@livesports/contracts/account';
import { type LinkedMatch, type LiveLevel, type LiveRecord, type LiveUrls, type MyRoom, type RoomCard, type RoomInfo, RoomStatus } from '@livesports/contracts/live';
import type { Lang } from '@livesports/contracts/messages';
import type { Reservation } from '@livesports/contracts/live';
import type { LadderHealth } from '../../media/ladder-control.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken } from '../../platform/crypto.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import type { Cached, ReadCache } from '../../platform/read-cache.ts';
import type { RoomRepo, RoomRow } from './room.repo.ts';

/** Anchor experience credited per whole minute streamed. */
export const EXP_PER_MINUTE = 1;
/** Stream keys: 24 URL-safe characters, the alphabet the RTMP server accepts in a stream name. */
export const newStreamKey = () => randomToken(18);
const STREAM_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** What the room service needs from the media side (ingest, ladder, play URLs, viewers). */
export interface LiveMedia {
  /** rtmp://host:port/live for encoders; '' when this server runs no RTMP ingest. */
  rtmpUrl: string;
  ingest: boolean;
  ladder: boolean;
  /** The levels a live room offers now (only "original" without a transcoder). */
  levels(roomId: number): Array<{ level: LiveLevel; height: number }>;
  /** Signed play URLs of one level. */
  playUrls(roomId: number, level: LiveLevel): { flv: string; hls: string | null };
  allowedLevels(loggedIn: boolean): Set<LiveLevel>;
  online(roomId: number): number;
  /** The anchor ends the broadcast on purpose: its recording closes (optional: no recorder, nothing to do). */
  endRecording?(roomId: number): void | Promise<void>;
  /** The room's ladder as this process's ingest runs it (rungs up or shed, restarts), or null (media/ladder-control.ts). */
  ladderHealth?(roomId: number): LadderHealth | null;
  /**
   * Disconnects the room's encoder: 'local' when this process held it, 'remote' when it was
   * asked of other processes, 'none' when no encoder of the room can be connected anywhere.
   */
  kick(roomId: number): Promise<'local' | 'remote' | 'none'>;
}

export interface RoomDeps {
  repo: RoomRepo;
  clock: Clock;
  media: LiveMedia;
  giftsDuring: (roomId: number, from: Date, to: Date) => Promise<number>;
  followerCount: (anchorId: number) => Promise<number>;
  isFollowing: (userId: number, anchorId: number) => Promise<boolean>;
  nextReservation: (roomId: number, viewer: number | null) => Promise<Reservation | null>;
  /** Public room reads kept in memory; every change below drops them (any process, via the bus). */
  cache: ReadCache;
  /** Whether the anchor is banned site-wide (their encoder is refused). */
  banned?: (userId: number) => boolean;
  /** The match the room covers now, names in the caller's language (match-link.service.ts). */
  linkedMatch: (roomId: number, lang: Lang) => Promise<LinkedMatch | null>;
  /** Tells the room's open pages (over their chat socket) that its stream started or ended. */
  announce?: (roomId: number, live: boolean) => Promise<void>;
}

/**
 * Viewer counts are shared between processes every 3 s and the thumbnail's URL moves each minute:
 * cached room answers are loaded again after this long even when no room event dropped them.
 */
const PRESENCE_MS = 3_000;
/** Tags of one room's public answers; `rooms` covers the lists, `people` an anchor's name or avatar. */
export const roomTags = (roomId: number) => [`room:${roomId}`, 'rooms'];

type CardRow = NonNullable<Awaited<ReturnType<RoomRepo['card']>>>;

/** Rooms, streams and the broadcast record (spec §2 /live, /anchor, /member type 9; §7 Live calls). */
export function createRoomService(deps: RoomDeps) {
  const { repo, clock, media, cache } = deps;
  /** A room's public state changed: drop its answers and the lists, here and in every process. */
  const changed = (roomId: number) => cache.invalidate(roomTags(roomId));

  const isLive = (status: number) => status === RoomStatus.LIVE;

  function card(r: CardRow): RoomCard {
    const live = isLive(r.status);
    const online = live ? media.online(r.id) : 0;
    return {
      room_id: r.id,
      uid: r.id,
      nickname: r.nickname,
      avatar: r.avatar,
      title: r.title,
      cover: r.cover,
      // Stills change every few seconds; the minute in the URL keeps caches honest.
      thumb: live && media.ladder ? `/live/${r.id}/thumb.jpg?m=${Math.floor(clock.now().getTime() / 60_000)}` : '',
      type: r.type,
      status: r.status,
      is_live: live ? 1 : 0,
      online,
      heat: live ? online : r.lastPeak,
      start_time: live && r.liveSince ? r.liveSince.toISOString() : null,
      level: anchorLevel(r.anchorExp),
      exp: r.anchorExp,
    };
  }

  async function mine(room: RoomRow, anchorExp: number, lang: Lang): Promise<MyRoom> {
    return {
      room_id: room.id,
      title: room.title,
      type: room.type,
      cover: room.cover,
      placard: room.placard,
      status: room.status,
      is_live: isLive(room.status) ? 1 : 0,
      rtmp_url: media.rtmpUrl,
      stream_key: room.streamKey,
      push_url: media.rtmpUrl ? `${media.rtmpUrl}/${room.streamKey}` : '',
      ingest: media.ingest,
      ladder: media.ladder,
      level: anchorLevel(anchorExp),
      exp: anchorExp,
      match: await deps.linkedMatch(room.id, lang),
    };
  }

  /** The caller's room; only approved anchors have one to manage. */
  async function ownRoom(user: AuthUser) {
    if (!user.isAnchor) throw forbidden('live.not_anchor');
    const room = await repo.find(user.id);
    if (!room) throw notFound('live.no_room');
    const anchor = await repo.anchorOf(user.id);
    return { room, exp: anchor?.anchorExp ?? 0 };
  }

  /** Ends a room's broadcast: the encoder is disconnected, the recording and the record close. */
  async function endBroadcast(room: RoomRow) {
    await media.endRecording?.(room.id);
    if (isLive(room.status) && (await media.kick(room.id)) !== 'none') {
      // The ingest closes the record when the encoder goes; give it a moment, then make sure
      // (an external SRS cannot be kicked from here).
      for (let i = 0; i < 20; i++) {
        const now = await repo.find(room.id);
        if (now && !isLive(now.status)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const after = await repo.find(room.id);
    if (after && after.status !== RoomStatus.OFFLINE) await repo.goOffline(room.id, clock.now(), 0, EXP_PER_MINUTE);
    await changed(room.id);
  }

  /** A room a visitor may look at: it exists and its owner is still an anchor (kept until the room changes). */
  const publicRead = cache.define('live:room', {
    key: (roomId: number) => String(roomId),
    tags: (roomId) => [`room:${roomId}`, 'people'],
    // The card carries the anchor's experience, which every gift moves.
    maxAgeMs: PRESENCE_MS,
    max: 5000,
    async load(roomId) {
      const r = await repo.card(roomId);
      const anchor = r ? await repo.anchorOf(roomId) : null;
      if (!r || !anchor?.isAnchor) throw notFound('live.room_not_found');
      const room = (await repo.find(roomId))!;
      return { card: r, placard: room.placard };
    },
  });
  const publicRoom = async (roomId: number) => (await publicRead.get(roomId)).data.card;
  /** A room's placard as its own answer: it changes only with the room, not with every gift's experience. */
  const placardRead = cache.define('live:placard', {
    key: (roomId: number) => String(roomId),
    tags: (roomId) => [`room:${roomId}`, 'people'],
    // Whether the room may still be shown is read through publicRead, which is clock-bound too.
    maxAgeMs: PRESENCE_MS,
    max: 5000,
    load: async (roomId) => ({ placard: (await publicRead.get(roomId)).data.placard }),
  });

  const listRead = cache.define('live:lists', {
    key: (q: { live: boolean; type: number; uids?: number[]; page: number; limit: number }) => JSON.stringify([q.live, q.type, q.uids, q.page, q.limit]),
    tags: () => ['rooms', 'people'],
    maxAgeMs: PRESENCE_MS,
    async load(q) {
      if (!q.live) {
        const { rows, total } = await repo.cards({ type: q.type, uids: q.uids, page: q.page, limit: q.limit, liveOnly: false });
        return { list: rows.map(card), total, page: q.page };
      }
      // Live rooms, most watched first (viewer counts live in memory, so they sort here).
      const { rows } = await repo.cards({ type: q.type, liveOnly: true, page: 1, limit: 500 });
      const cards = rows.map(card).sort((a, b) => b.online - a.online || b.heat - a.heat || a.room_id - b.room_id);
      const start = (q.page - 1) * q.limit;
      return { list: cards.slice(start, start + q.limit), total: cards.length, page: q.page };
    },
  });

  /** Room info as every visitor (or every signed-in viewer: more quality levels) sees it. */
  const infoRead = cache.define('live:info', {
    key: (q: { roomId: number; loggedIn: boolean; lang: Lang }) => `${q.roomId}|${q.loggedIn ? 1 : 0}|${q.lang}`,
    tags: (q) => [`room:${q.roomId}`, 'people'],
    maxAgeMs: PRESENCE_MS,
    max: 5000,
    async load(q): Promise<RoomInfo> {
      const { card: r, placard } = (await publicRead.get(q.roomId)).data;
      const c = card(r);
      const urls = liveUrls(r.id, c.is_live === 1, q.loggedIn);
      return {
        anchor: {
          uid: r.id,
          nickname: r.nickname,
          avatar: r.avatar,
          title: r.title,
          followers: await deps.followerCount(r.id),
          is_followed: 0,
          heat: c.heat,
          level: c.level,
          exp: c.exp,
        },
        live: {
          room_id: r.id,
          is_live: c.is_live,
          status: r.status,
          type: r.type,
          start_time: c.start_time,
          server_time: clock.now().toISOString(),
          cover: r.cover,
          thumb: c.thumb,
          placard,
          online: c.online,
          ladder: urls.ladder,
          levels: urls.levels,
        },
        reserve: await deps.nextReservation(r.id, null),
        // Linked by the studio (drops the room) or by a reservation around kick-off (the 3 s bound).
        match: await deps.linkedMatch(r.id, q.lang),
      };
    },
  });

  function liveUrls(roomId: number, live: boolean, loggedIn: boolean): LiveUrls {
    const allowed = media.allowedLevels(loggedIn);
    const levels = live
      ? media.levels(roomId).map(({ level, height }) => {
          const locked = !allowed.has(level);
          const urls = locked ? null : media.playUrls(roomId, level);
          return { level, height, locked, flv: urls?.flv ?? null, hls: urls?.hls ?? null };
        })
      : [];
    // Every rung this viewer may watch was shed for lack of CPU (a visitor may not have HD or the
    // original): the smallest allowed rung's address is still offered, and the ingest serves it the
    // nearest level left, so a visitor keeps a picture instead of an endless "loading".
    if (live && levels.length > 0 && levels.every((l) => l.locked)) {
      const fallback = (['smooth', 'sd', 'hd'] as const).find((l) => allowed.has(l));
      const urls = fallback ? media.playUrls(roomId, fallback) : null;
      if (fallback && urls) levels.push({ level: fallback, height: levels[0].height, locked: false, flv: urls.flv, hls: urls.hls });
    }
    return { room_id: roomId, is_live: live ? 1 : 0, ladder: media.ladder, levels };
  }

  return {
    /** Creates the anchor's room, or updates its title, category and cover when it exists. */
    async createRoom(user: AuthUser, input: { title: string; type: number; cover?: string }, lang: Lang = 'en') {
      if (!user.isAnchor) throw forbidden('live.not_anchor');
      const created = await repo.insert({ id: user.id, title: input.title, type: input.type, cover: input.cover ?? '', streamKey: newStreamKey() });
      if (!created) await repo.update(user.id, { title: input.title, type: input.type, ...(input.cover !== undefined ? { cover: input.cover } : {}) });
      await changed(user.id);
      const { room, exp } = await ownRoom(user);
      return mine(room, exp, lang);
    },

    /** Live rooms as cards, most watched first (the rows come from match-link.repo.ts). */
    cards(rows: CardRow[]) {
      return rows.map(card).sort((a, b) => b.online - a.online || b.heat - a.heat || a.room_id - b.room_id);
    },

    /** Gives a newly approved anchor a room (idempotent). */
    async ensureRoom(userId: number, type: number, title: string) {
      await repo.insert({ id: userId, title, type, streamKey: newStreamKey() });
      await changed(userId);
    },

    async myRoom(user: AuthUser, lang: Lang = 'en') {
      const { room, exp } = await ownRoom(user);
      return mine(room, exp, lang);
    },

    /** Opens the room: it shows as "starting" until the encoder's stream arrives. */
    async startRoom(user: AuthUser, lang: Lang = 'en') {
      const { room, exp } = await ownRoom(user);
      const updated = room.status === RoomStatus.OFFLINE ? await repo.update(room.id, { status: RoomStatus.WAITING }) : room;
      await changed(room.id);
      return mine(updated ?? room, exp, lang);
    },

    /** Ends the broadcast: the encoder is disconnected and the record closes. */
    async endRoom(user: AuthUser, lang: Lang = 'en') {
      const { room, exp } = await ownRoom(user);
      await endBroadcast(room);
      return mine((await repo.find(room.id))!, exp, lang);
    },

    /** Staff end a room's broadcast (a banned anchor's): as the anchor's own end, without asking who. */
    async stopForStaff(roomId: number) {
      const room = await repo.find(roomId);
      if (room) await endBroadcast(room);
    },

    /** A new stream key; the old one stops working at once, and a stream using it is cut. */
    async resetKey(user: AuthUser, lang: Lang = 'en') {
      const { room, exp } = await ownRoom(user);
      const updated = await repo.update(room.id, { streamKey: newStreamKey() });
      if (isLive(room.status)) await media.kick(room.id);
      return mine(updated!, exp, lang);
    },

    /** The console (moderators): the same actions on any room, by its id. Null when there is no such room. */
    staff: {
      async end(roomId: number) {
        const room = await repo.find(roomId);
        if (!room) return null;
        await endBroadcast(room);
        return repo.find(roomId);
      },
      async resetKey(roomId: number) {
        const room = await repo.find(roomId);
        if (!room) return null;
        const updated = await repo.update(roomId, { streamKey: newStreamKey() });
        if (isLive(room.status)) await media.kick(roomId);
        await changed(roomId);
        return updated;
      },
      async update(roomId: number, values: { title?: string; type?: number }) {
        const room = await repo.find(roomId);
        if (!room) return null;
        const updated = await repo.update(roomId, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
        await changed(roomId);
        return updated;
      },
    },

    async update(user: AuthUser, input: { title?: string; type?: number; cover?: string }, lang: Lang = 'en') {
      const { room, exp } = await ownRoom(user);
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const updated = Object.keys(values).length > 0 ? await repo.update(room.id, values) : room;
      await changed(room.id);
      return mine(updated!, exp, lang);
    },

    getPlacard: (roomId: number) => placardRead.get(roomId),

    async setPlacard(user: AuthUser, placard: string) {
      const { room } = await ownRoom(user);
      await repo.update(room.id, { placard });
      await changed(room.id);
      return { placard };
    },

    async liveUrl(roomId: number, user: AuthUser | null) {
      const r = await publicRoom(roomId);
      return liveUrls(r.id, isLive(r.status), !!user);
    },

    roomList: (opts: { type: number; uids?: number[]; page: number; limit: number }) => listRead.get({ live: false, ...opts }),

    /** Live rooms, most watched first. */
    liveList: (opts: { type: number; page: number; limit: number }) => listRead.get({ live: true, ...opts }),

    /**
     * A room's picture as its page first shows it: live, the player's poster until the stream plays
     * (its cover, else a still of the live picture); offline, its cover behind the panel with the
     * next broadcast. null when it has none.
     */
    async picture(roomId: number, lang: Lang): Promise<{ src: string; live: boolean } | null> {
      const { live } = (await infoRead.get({ roomId, loggedIn: false, lang })).data;
      const src = live.is_live === 1 ? live.cover || live.thumb : live.cover;
      return src ? { src, live: live.is_live === 1 } : null;
    },

    /** Every room change drops this room's answers and the lists (the social module calls it on a follow). */
    changed,

    /**
     * The shared answer for visitors (per language: the linked match's names); a signed-in viewer
     * gets the signed-in shared answer with their own follow and reservation flags on a copy (no-store).
     */
    async roomInfo(roomId: number, user: AuthUser | null, lang: Lang = 'en'): Promise<RoomInfo | Cached<RoomInfo>> {
      const shared = await infoRead.get({ roomId, loggedIn: !!user, lang });
      if (!user) return shared;
      const info = shared.data;
      const [followed, reserve] = await Promise.all([deps.isFollowing(user.id, roomId), info.reserve ? deps.nextReservation(roomId, user.id) : null]);
      return { ...info, anchor: { ...info.anchor, is_followed: followed ? 1 : 0 }, reserve };
    },

    /** Rooms matching a word, for api/Search/* (the search module calls this). */
    async search(word: string, opts: { limit: number; offset: number }) {
      const { rows, total } = await repo.searchRooms(word, opts);
      return {
        total,
        list: rows.map((r) => {
          const c = card(r);
          return { room_id: c.room_id, uid: c.uid, user_nickname: c.nickname, avatar: c.avatar, title: c.title, cover: c.cover, is_live: c.is_live, heat: c.heat };
        }),
      };
    },

    async online(roomId: number) {
      const r = await publicRoom(roomId);
      return { num: isLive(r.status) ? media.online(r.id) : 0 };
    },

    async records(user: AuthUser, page: number, limit: number) {
      const { room } = await ownRoom(user);
      const { rows, total, seconds } = await repo.records(room.id, page, limit);
      const now = clock.now();
      const list: LiveRecord[] = await Promise.all(
        rows.map(async (r) => {
          const end = r.endedAt ?? now;
          return {
            id: r.id,
            title: r.title,
            start_time: r.startedAt.toISOString(),
            end_time: r.endedAt ? r.endedAt.toISOString() : null,
            duration: Math.max(0, Math.floor((end.getTime() - r.startedAt.getTime()) / 1000)),
            peak_viewers: r.peakViewers,
            gifts: await deps.giftsDuring(room.id, r.startedAt, end),
          };
        }),
      );
      return { list, total, page, total_seconds: seconds };
    },

    // ---- The publish hook (embedded ingest and SRS-style callbacks alike)

    async authorize(app: string, streamKey: string): Promise<number | null> {
      if (app !== 'live' || !STREAM_KEY_PATTERN.test(streamKey)) return null;
      const row = await repo.findByKey(streamKey);
      // Only an approved anchor whose account is in good standing may publish.
      if (!row || row.isAnchor !== 1 || row.status !== 1 || deps.banned?.(row.room.id)) return null;
      return row.room.id;
    },
    async roomOfKey(app: string, streamKey: string): Promise<number | null> {
      if (app !== 'live' || !STREAM_KEY_PATTERN.test(streamKey)) return null;
      return (await repo.findByKey(streamKey))?.room.id ?? null;
    },
    async published(roomId: number) {
      await repo.goLive(roomId, clock.now());
      await changed(roomId);
      // After the cache drop: a page that hears it and asks again gets the live room.
      await deps.announce?.(roomId, true);
    },
    async unpublished(roomId: number, peak: number) {
      await repo.goOffline(roomId, clock.now(), peak, EXP_PER_MINUTE);
      await changed(roomId);
      await deps.announce?.(roomId, false);
    },
    async peak(roomId: number, peak: number) {
      const room = await repo.find(roomId);
      if (room?.currentRecordId) await repo.raisePeak(room.currentRecordId, peak);
    },
    /** After a restart no stream survives: close what the database still holds open. */
    async endStale() {
      for (const id of await repo.liveRoomIds()) {
        await repo.goOffline(id, clock.now(), 0, 0);
        await changed(id);
      }
    },
  };
}
export type RoomService = ReturnType<typeof createRoomService>;
