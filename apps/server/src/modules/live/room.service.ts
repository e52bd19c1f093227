import { type LiveLevel, type LiveRecord, type LiveUrls, type MyRoom, type RoomCard, type RoomInfo, RoomStatus } from '@livesports/contracts/live';
import type { Reservation } from '@livesports/contracts/live';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { randomToken } from '../../platform/crypto.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { anchorLevel } from '../account/service.ts';
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
}

type CardRow = NonNullable<Awaited<ReturnType<RoomRepo['card']>>>;

/** Rooms, streams and the broadcast record (spec §2 /live, /anchor, /member type 9; §7 Live calls). */
export function createRoomService(deps: RoomDeps) {
  const { repo, clock, media } = deps;

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

  async function mine(room: RoomRow, anchorExp: number): Promise<MyRoom> {
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

  /** A room a visitor may look at: it exists and its owner is still an anchor. */
  async function publicRoom(roomId: number) {
    const r = await repo.card(roomId);
    const anchor = r ? await repo.anchorOf(roomId) : null;
    if (!r || !anchor?.isAnchor) throw notFound('live.room_not_found');
    return r;
  }

  function liveUrls(roomId: number, live: boolean, loggedIn: boolean): LiveUrls {
    const allowed = media.allowedLevels(loggedIn);
    const levels = live
      ? media.levels(roomId).map(({ level, height }) => {
          const locked = !allowed.has(level);
          const urls = locked ? null : media.playUrls(roomId, level);
          return { level, height, locked, flv: urls?.flv ?? null, hls: urls?.hls ?? null };
        })
      : [];
    return { room_id: roomId, is_live: live ? 1 : 0, ladder: media.ladder, levels };
  }

  return {
    /** Creates the anchor's room, or updates its title, category and cover when it exists. */
    async createRoom(user: AuthUser, input: { title: string; type: number; cover?: string }) {
      if (!user.isAnchor) throw forbidden('live.not_anchor');
      const created = await repo.insert({ id: user.id, title: input.title, type: input.type, cover: input.cover ?? '', streamKey: newStreamKey() });
      if (!created) await repo.update(user.id, { title: input.title, type: input.type, ...(input.cover !== undefined ? { cover: input.cover } : {}) });
      const { room, exp } = await ownRoom(user);
      return mine(room, exp);
    },

    /** Gives a newly approved anchor a room (idempotent). */
    async ensureRoom(userId: number, type: number, title: string) {
      await repo.insert({ id: userId, title, type, streamKey: newStreamKey() });
    },

    async myRoom(user: AuthUser) {
      const { room, exp } = await ownRoom(user);
      return mine(room, exp);
    },

    /** Opens the room: it shows as "starting" until the encoder's stream arrives. */
    async startRoom(user: AuthUser) {
      const { room, exp } = await ownRoom(user);
      const updated = room.status === RoomStatus.OFFLINE ? await repo.update(room.id, { status: RoomStatus.WAITING }) : room;
      return mine(updated ?? room, exp);
    },

    /** Ends the broadcast: the encoder is disconnected and the record closes. */
    async endRoom(user: AuthUser) {
      const { room, exp } = await ownRoom(user);
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
      return mine((await repo.find(room.id))!, exp);
    },

    /** A new stream key; the old one stops working at once, and a stream using it is cut. */
    async resetKey(user: AuthUser) {
      const { room, exp } = await ownRoom(user);
      const updated = await repo.update(room.id, { streamKey: newStreamKey() });
      if (isLive(room.status)) await media.kick(room.id);
      return mine(updated!, exp);
    },

    async update(user: AuthUser, input: { title?: string; type?: number; cover?: string }) {
      const { room, exp } = await ownRoom(user);
      const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const updated = Object.keys(values).length > 0 ? await repo.update(room.id, values) : room;
      return mine(updated!, exp);
    },

    async getPlacard(roomId: number) {
      const r = await publicRoom(roomId);
      const room = await repo.find(r.id);
      return { placard: room!.placard };
    },

    async setPlacard(user: AuthUser, placard: string) {
      const { room } = await ownRoom(user);
      await repo.update(room.id, { placard });
      return { placard };
    },

    async liveUrl(roomId: number, user: AuthUser | null) {
      const r = await publicRoom(roomId);
      return liveUrls(r.id, isLive(r.status), !!user);
    },

    async roomList(opts: { type: number; uids?: number[]; page: number; limit: number }) {
      const { rows, total } = await repo.cards({ ...opts, liveOnly: false });
      return { list: rows.map(card), total, page: opts.page };
    },

    /** Live rooms, most watched first (viewer counts live in memory, so they sort here). */
    async liveList(opts: { type: number; page: number; limit: number }) {
      const { rows } = await repo.cards({ type: opts.type, liveOnly: true, page: 1, limit: 500 });
      const cards = rows.map(card).sort((a, b) => b.online - a.online || b.heat - a.heat || a.room_id - b.room_id);
      const start = (opts.page - 1) * opts.limit;
      return { list: cards.slice(start, start + opts.limit), total: cards.length, page: opts.page };
    },

    async roomInfo(roomId: number, user: AuthUser | null): Promise<RoomInfo> {
      const r = await publicRoom(roomId);
      const room = (await repo.find(r.id))!;
      const c = card(r);
      const urls = liveUrls(r.id, c.is_live === 1, !!user);
      return {
        anchor: {
          uid: r.id,
          nickname: r.nickname,
          avatar: r.avatar,
          title: r.title,
          followers: await deps.followerCount(r.id),
          is_followed: user && (await deps.isFollowing(user.id, r.id)) ? 1 : 0,
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
          placard: room.placard,
          online: c.online,
          ladder: urls.ladder,
          levels: urls.levels,
        },
        reserve: await deps.nextReservation(r.id, user?.id ?? null),
      };
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
      if (!row || row.isAnchor !== 1 || row.status !== 1) return null;
      return row.room.id;
    },
    async roomOfKey(app: string, streamKey: string): Promise<number | null> {
      if (app !== 'live' || !STREAM_KEY_PATTERN.test(streamKey)) return null;
      return (await repo.findByKey(streamKey))?.room.id ?? null;
    },
    async published(roomId: number) {
      await repo.goLive(roomId, clock.now());
    },
    async unpublished(roomId: number, peak: number) {
      await repo.goOffline(roomId, clock.now(), peak, EXP_PER_MINUTE);
    },
    async peak(roomId: number, peak: number) {
      const room = await repo.find(roomId);
      if (room?.currentRecordId) await repo.raisePeak(room.currentRecordId, peak);
    },
    /** After a restart no stream survives: close what the database still holds open. */
    async endStale() {
      for (const id of await repo.liveRoomIds()) await repo.goOffline(id, clock.now(), 0, 0);
    },
  };
}
export type RoomService = ReturnType<typeof createRoomService>;
