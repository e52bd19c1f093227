import type { MediaStatus } from '@livesports/contracts/console-catalog';
import type { StaffRoom } from '@livesports/contracts/console-content';
import type { StreamHealth } from '@livesports/contracts/live-health';
import type { Lang } from '@livesports/contracts/messages';
import type { AuthUser } from '../../platform/auth.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuditInput } from '../console/plugin.ts';
import type { RoomRow } from './room.repo.ts';
import type { LiveMedia, RoomService } from './room.service.ts';
import type { LiveStaffRepo } from './staff.repo.ts';

type ListRow = Awaited<ReturnType<LiveStaffRepo['list']>>['rows'][number];
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
const snapshot = (r: RoomRow) => ({ title: r.title, type: r.type, status: r.status });

/**
 * The console's rooms page (moderators): live and recent rooms; end a broadcast, reset a stream
 * key, change a title or category. Each action is recorded in the audit log once it took effect.
 * And the media page (administrators): this process's ingest, ffmpeg and transcoders.
 */
export function createLiveStaffService(deps: {
  repo: LiveStaffRepo;
  rooms: RoomService;
  media: LiveMedia;
  audit: (entry: AuditInput) => Promise<void>;
  /** What the ingest of this process receives now. */
  streams: () => Array<{ roomId: number; transcoding: boolean; restarts: number }>;
  /** A live room's stream health, as its anchor sees it in the studio (stream-health.service.ts). */
  health: (roomId: number, lang: Lang) => StreamHealth;
  ffmpeg: string | null;
  busKind: string;
}) {
  const { repo, rooms, media } = deps;

  const toRoom = (r: ListRow): StaffRoom => ({
    room_id: r.id,
    anchor: { id: r.id, nickname: r.nickname, avatar: r.avatar },
    title: r.title,
    type: r.type,
    status: r.status,
    online: r.status === 2 ? media.online(r.id) : 0,
    live_since: iso(r.liveSince),
    last_live_at: r.status === 2 ? null : iso(r.lastEnded),
    placard: r.placard,
  });

  async function one(roomId: number): Promise<StaffRoom> {
    const { rows } = await repo.list({ live: false, id: roomId, limit: 1, offset: 0 });
    if (!rows.length) throw notFound('console.room_not_found');
    return toRoom(rows[0]);
  }

  async function act(user: AuthUser, roomId: number, action: string, reason: string, run: () => Promise<RoomRow | null>, after?: (r: RoomRow) => unknown) {
    const before = await one(roomId);
    const row = await run();
    if (!row) throw notFound('console.room_not_found');
    await deps.audit({
      actorId: user.id,
      action,
      targetType: 'room',
      targetId: String(roomId),
      before: { title: before.title, type: before.type, status: before.status },
      after: after ? after(row) : snapshot(row),
      reason,
    });
    return one(roomId);
  }

  return {
    async list(input: { state: 'live' | 'recent'; q?: string; page: number; limit: number }) {
      const { rows, total } = await repo.list({ live: input.state === 'live', q: input.q, limit: input.limit, offset: (input.page - 1) * input.limit });
      return { list: rows.map(toRoom), total, page: input.page };
    },
    end: (user: AuthUser, roomId: number, reason: string) => act(user, roomId, 'room.end', reason, () => rooms.staff.end(roomId)),
    // The key itself never enters the log.
    resetKey: (user: AuthUser, roomId: number, reason: string) =>
      act(
        user,
        roomId,
        'room.reset_key',
        reason,
        () => rooms.staff.resetKey(roomId),
        (r) => ({ ...snapshot(r), stream_key: 'reset' }),
      ),
    update: (user: AuthUser, roomId: number, values: { title?: string; type?: number }, reason: string) => act(user, roomId, 'room.update', reason, () => rooms.staff.update(roomId, values)),

    async media(lang: Lang = 'en'): Promise<MediaStatus> {
      const streams = deps.streams();
      const titles = await Promise.all(streams.map(async (s) => (await repo.list({ live: false, id: s.roomId, limit: 1, offset: 0 })).rows[0]?.title ?? ''));
      return {
        ingest: media.ingest,
        rtmp_url: media.rtmpUrl,
        ffmpeg: deps.ffmpeg,
        streams: streams.map((s, i) => ({
          room_id: s.roomId,
          title: titles[i],
          transcoding: s.transcoding,
          restarts: s.restarts,
          levels: media.levels(s.roomId),
          viewers: media.online(s.roomId),
          health: deps.health(s.roomId, lang),
        })),
        live_rooms: await repo.liveCount(),
        bus: deps.busKind,
      };
    },
  };
}
export type LiveStaffService = ReturnType<typeof createLiveStaffService>;
