import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type GiftEffect, wealthLevel } from '@livesports/contracts/economy';
import { LIVE_LEVELS, type LiveLevel } from '@livesports/contracts/live';
import { type Clip, ClipStatus, type MatchMark, type ReplayCard, type ReplayDetail, ReplayStatus, TIMELINE_WINDOW_SECONDS } from '@livesports/contracts/replays';
import type { ReplayPart } from '../../db/schema/replays.ts';
import { cutClip } from '../../media/clipper.ts';
import { finalPlaylist, masterPlaylist } from '../../media/replay-playlist.ts';
import { allowedLevels } from '../../media/play-token.ts';
import type { AuthUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { badInput, forbidden, notFound, tooMany } from '../../platform/errors.ts';
import type { Storage } from '../../platform/storage.ts';
import type { ClipRow, ReplayRepo, ReplayRow } from './repo.ts';
import { ImCustomType, ImElemType } from '@livesports/contracts/chat';

/** Danmaku a viewer may add to replays per window. */
const DANMAKU_BURST = 10;
const DANMAKU_WINDOW_MS = 10_000;
/** Items of each kind in one timeline window at most (a goal's burst in a busy room fits). */
const WINDOW_LIMIT = 3000;

export interface ReplayDeps {
  /** Throws when the user may not write for others (a site-wide mute or ban). */
  speak?: (userId: number) => void;
  repo: ReplayRepo;
  storage: Storage;
  clock: Clock;
  ffmpeg: string | null;
  log: FastifyBaseLogger;
  /** Whether this server records (ingest with ffmpeg), and why not. */
  recording: { available: boolean; reason: 'ffmpeg_off' | 'no_ingest' | null };
  keepDays: number;
  /** Publishes a clip as a video headline (the content module). */
  publishVideo(authorId: number, input: { title: string; body: string; roomType: number; cover: string; video: string }): Promise<{ id: number }>;
  roomType(roomId: number): Promise<number>;
}

/** Replay second of a wall-clock moment: inside the part it fell in; a moment in a gap goes to the next part's start. */
export function secondOf(parts: ReplayPart[], wallMs: number): number {
  if (!parts.length) return 0;
  let t = 0;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    const next = parts[i + 1];
    if (wallMs < p.wall) return i === 0 ? 0 : Math.max(t, p.offset);
    t = p.offset + (wallMs - p.wall) / 1000;
    if (!next || t < next.offset) return Math.max(0, t);
  }
  return Math.max(0, t);
}

/** Wall-clock moment of a replay second (the inverse of secondOf inside a part). */
export function wallOf(parts: ReplayPart[], t: number): number {
  let p = parts[0];
  for (const q of parts) if (q.offset <= t) p = q;
  return p ? p.wall + (t - p.offset) * 1000 : 0;
}

export function createReplayService(deps: ReplayDeps) {
  const { repo, storage, clock } = deps;
  const recent = new Map<number, number[]>();

  const canManage = (user: AuthUser | null, roomId: number) => !!user && (user.id === roomId || user.isAdmin);

  function card(r: ReplayRow, who: { nickname: string; avatar: string }): ReplayCard {
    return {
      id: r.id,
      room_id: r.roomId,
      title: r.title,
      nickname: who.nickname,
      avatar: who.avatar,
      poster: r.poster,
      start_time: r.startedAt.toISOString(),
      end_time: r.endedAt ? r.endedAt.toISOString() : null,
      duration: Math.round(r.duration * 10) / 10,
      status: r.status,
      hidden: r.hidden ? 1 : 0,
      bytes: r.bytes,
      levels: r.levels.map((l) => l.level),
    };
  }

  /** A replay the caller may watch: ready, and shown or theirs. */
  async function watchable(id: number, user: AuthUser | null) {
    const row = await repo.findWithAnchor(id);
    if (!row || (row.replay.hidden && !canManage(user, row.replay.roomId))) throw notFound('replay.not_found');
    if (row.replay.status !== ReplayStatus.READY) throw badInput('replay.not_ready');
    return row;
  }

  async function managed(id: number, user: AuthUser) {
    const row = await repo.findWithAnchor(id);
    if (!row) throw notFound('replay.not_found');
    if (!canManage(user, row.replay.roomId)) throw forbidden('replay.not_yours');
    return row;
  }

  /** The levels a caller may play: as live, visitors get SD and below; a replay with only the original offers it to all. */
  function levelAllowed(r: ReplayRow, level: string, loggedIn: boolean) {
    if (r.levels.length <= 1) return true;
    return allowedLevels(loggedIn).has(level as LiveLevel);
  }

  function toClip(c: ClipRow, nickname: string, user: AuthUser | null): Clip {
    return {
      id: c.id,
      replay_id: c.replayId,
      room_id: c.roomId,
      title: c.title,
      nickname,
      start: c.start,
      end: c.end,
      duration: Math.round(c.duration * 10) / 10,
      exact: c.exact ? 1 : 0,
      status: c.status,
      url: c.url,
      poster: c.poster,
      bytes: c.bytes,
      article_id: c.articleId,
      created_at: c.createdAt.toISOString(),
      can_manage: canManage(user, c.roomId),
    };
  }

  async function removeReplay(r: ReplayRow) {
    const keys = await repo.segmentKeys([r.id]);
    const extra = [...r.levels.map((l) => `${r.storageKey}/${l.dir}/index.m3u8`), ...(r.poster ? [`${r.storageKey}/poster.jpg`] : [])];
    await storage.remove([...keys, ...extra]);
    await repo.remove(r.id);
  }

  async function makeClip(clip: ClipRow, replay: ReplayRow) {
    const segments = (await repo.segments(replay.id, 'original')).map((s) => ({ key: s.key, start: s.start, duration: s.duration }));
    try {
      const out = await cutClip(deps.ffmpeg!, storage, { segments, start: clip.start, end: clip.end, exact: clip.exact === 1 });
      try {
        await storage.putFile(`${clip.storageKey}/clip.mp4`, out.file, 'video/mp4');
        if (out.poster) await storage.putFile(`${clip.storageKey}/poster.jpg`, out.poster, 'image/jpeg');
      } finally {
        await out.cleanup();
      }
      await repo.updateClip(clip.id, {
        status: ClipStatus.READY,
        url: storage.publicUrl(`${clip.storageKey}/clip.mp4`),
        poster: out.poster ? storage.publicUrl(`${clip.storageKey}/poster.jpg`) : replay.poster,
        duration: out.duration,
        bytes: out.bytes,
      });
    } catch (err) {
      deps.log.error({ err, clip: clip.id }, 'replay: cutting a clip failed');
      await repo.updateClip(clip.id, { status: ClipStatus.FAILED });
    }
  }

  const jobs = new Set<Promise<void>>();

  return {
    canManage,

    async list(roomId: number, page: number, limit: number) {
      const { rows, total } = await repo.list(roomId, { all: false, page, limit });
      return { list: rows.map((r) => card(r.replay, r)), total, page };
    },

    async mine(user: AuthUser, page: number, limit: number) {
      if (!user.isAnchor) throw forbidden('live.not_anchor');
      const { rows, total, bytes } = await repo.list(user.id, { all: true, page, limit });
      return { list: rows.map((r) => card(r.replay, r)), total, page, total_bytes: bytes };
    },

    async detail(id: number, user: AuthUser | null): Promise<ReplayDetail> {
      const { replay: r, nickname, avatar } = await watchable(id, user);
      const play_levels = r.levels.map((l) => {
        const locked = !levelAllowed(r, l.level, !!user);
        return { level: l.level as LiveLevel, height: l.height, locked, url: locked ? null : `/replay/${r.id}/${l.level}.m3u8` };
      });
      let match: ReplayDetail['match'] = null;
      if (r.matchId) {
        const m = await repo.match(r.matchId);
        if (m) {
          const events = await repo.matchEvents(m.id, new Date(r.startedAt.getTime() - 60_000), r.endedAt ?? clock.now());
          const marks: MatchMark[] = events
            .map((e) => ({
              kind: e.kind,
              side: e.side,
              minute: e.minute,
              player: e.player,
              home_score: e.homeScore,
              away_score: e.awayScore,
              t: Math.round(secondOf(r.parts, e.createdAt.getTime()) * 10) / 10,
            }))
            .filter((e) => e.t <= r.duration);
          match = { id: m.id, sport: m.sport === 'basketball' ? 2 : 1, home: m.home, away: m.away, home_score: m.homeScore, away_score: m.awayScore, marks };
        }
      }
      return { ...card(r, { nickname, avatar }), master: play_levels.some((l) => !l.locked) ? `/replay/${r.id}/master.m3u8` : null, play_levels, can_manage: canManage(user, r.roomId), match };
    },

    /** Chat, gifts and viewers' danmaku of one window of the replay, each at its second. */
    async timeline(id: number, from: number, user: AuthUser | null) {
      const { replay: r } = await watchable(id, user);
      const to = from + TIMELINE_WINDOW_SECONDS;
      // Wall-clock bounds of the window, a little wider (a message in a gap maps to the next part).
      const nextPart = r.parts.find((p) => p.offset >= to);
      const wallFrom = new Date(from <= 0 ? r.startedAt.getTime() - 5000 : wallOf(r.parts, from) - 1000);
      const wallTo = new Date(nextPart ? nextPart.wall : wallOf(r.parts, to) + 1000);
      const inWindow = (t: number) => t >= from && t < to && t <= r.duration + 1;
      const [msgs, gifts, danmaku] = await Promise.all([
        repo.messagesBetween(r.roomId, wallFrom, wallTo, WINDOW_LIMIT),
        repo.giftsBetween(r.roomId, wallFrom, wallTo, WINDOW_LIMIT),
        repo.danmakuBetween(r.id, from, to, WINDOW_LIMIT),
      ]);
      const at = (d: Date) => Math.round(secondOf(r.parts, d.getTime()) * 100) / 100;
      return {
        from,
        to,
        messages: msgs
          .map((m) => {
            const payload = m.payload as { text?: string; data?: string };
            return {
              t: at(m.createdAt),
              seq: m.seq,
              from: m.fromIdentifier,
              nick: m.nick,
              type: m.type,
              text: m.type === ImElemType.TEXT ? (payload.text ?? '') : (payload.data ?? ''),
              ext: (m.ext as Record<string, unknown> | null) ?? null,
            };
          })
          .filter((m) => inWindow(m.t)),
        gifts: gifts
          .map((g) => ({
            t: at(g.send.createdAt),
            event: {
              type: ImCustomType.GIFT,
              room_id: r.roomId,
              sender: { id: g.send.senderId, user_nickname: g.nickname, avatar: g.avatar, wealth_level: wealthLevel(g.wealthExp), noble: null },
              gift: {
                id: g.gift.id,
                code: g.gift.code,
                image: g.gift.image,
                animation: g.gift.animation as GiftEffect,
                price: g.gift.price,
                names: { zh: g.gift.nameZh, en: g.gift.nameEn, es: g.gift.nameEs },
              },
              num: g.send.num,
              combo: g.send.combo,
              total: g.send.total,
              at: g.send.createdAt.toISOString(),
            },
          }))
          .filter((g) => inWindow(g.t)),
        danmaku: danmaku.map((d) => ({ id: d.d.id, t: d.d.at, from: String(d.d.userId), nick: d.nickname, text: d.d.text })),
      };
    },

    async sendDanmaku(user: AuthUser, id: number, t: number, text: string) {
      deps.speak?.(user.id);
      const { replay: r } = await watchable(id, user);
      if (t > r.duration + 1) throw badInput('replay.time_outside');
      const now = clock.now().getTime();
      const times = (recent.get(user.id) ?? []).filter((x) => now - x < DANMAKU_WINDOW_MS);
      if (times.length >= DANMAKU_BURST) throw tooMany('chat.rate');
      times.push(now);
      recent.set(user.id, times);
      if (recent.size > 20_000) for (const [k, v] of recent) if (!v.some((x) => now - x < DANMAKU_WINDOW_MS)) recent.delete(k);
      const row = await repo.addDanmaku({ replayId: r.id, userId: user.id, at: t, text });
      return { id: row.id, t: row.at, from: String(user.id), nick: await repo.nickname(user.id), text: row.text };
    },

    async recordingState(user: AuthUser) {
      if (!user.isAnchor) throw forbidden('live.not_anchor');
      return { record: (await repo.recordsRoom(user.id)) ? 1 : 0, available: deps.recording.available, reason: deps.recording.reason, keep_days: deps.keepDays } as const;
    },

    async setRecording(user: AuthUser, record: 0 | 1) {
      if (!user.isAnchor) throw forbidden('live.not_anchor');
      await repo.setRecord(user.id, record);
      return this.recordingState(user);
    },

    async setHidden(user: AuthUser, id: number, hidden: 0 | 1) {
      const { nickname, avatar } = await managed(id, user);
      const row = await repo.update(id, { hidden });
      return card(row!, { nickname, avatar });
    },

    async remove(user: AuthUser, id: number) {
      const { replay } = await managed(id, user);
      await removeReplay(replay);
      return { id };
    },

    async storageTotals(user: AuthUser) {
      if (!user.isAdmin) throw forbidden();
      const t = await repo.totals();
      return { replays: t.replays, replay_bytes: t.replayBytes, clips: t.clips, clip_bytes: t.clipBytes };
    },

    /** Replays whose broadcast ended more than REPLAY_DAYS ago are removed (clips stay). */
    async sweep() {
      if (deps.keepDays <= 0) return 0;
      const old = await repo.endedBefore(new Date(clock.now().getTime() - deps.keepDays * 86_400_000));
      for (const r of old) await removeReplay(r);
      return old.length;
    },

    // ---- Clips

    async createClip(user: AuthUser, input: { replay_id: number; start: number; end: number; title: string; exact: 0 | 1 }) {
      const { replay, nickname } = await managed(input.replay_id, user);
      if (replay.status !== ReplayStatus.READY) throw badInput('replay.not_ready');
      if (!deps.ffmpeg) throw badInput('replay.clips_unavailable');
      if (input.end > replay.duration + 0.5) throw badInput('replay.clip_outside');
      const clip = await repo.createClip({
        replayId: replay.id,
        roomId: replay.roomId,
        userId: user.id,
        title: input.title,
        start: input.start,
        end: Math.min(input.end, replay.duration),
        exact: input.exact,
        storageKey: `clips/${replay.roomId}/${crypto.randomBytes(9).toString('base64url')}`,
      });
      const job = makeClip(clip, replay).finally(() => jobs.delete(job));
      jobs.add(job);
      return toClip(clip, nickname, user);
    },

    async clip(id: number, user: AuthUser | null) {
      const row = await repo.clip(id);
      if (!row) throw notFound('replay.clip_not_found');
      return toClip(row.clip, row.nickname, user);
    },

    async clips(replayId: number, user: AuthUser | null) {
      await watchable(replayId, user);
      const rows = await repo.clipsOf(replayId);
      return { list: rows.filter((r) => r.clip.status === ClipStatus.READY || canManage(user, r.clip.roomId)).map((r) => toClip(r.clip, r.nickname, user)) };
    },

    async publishClip(user: AuthUser, id: number) {
      const row = await repo.clip(id);
      if (!row) throw notFound('replay.clip_not_found');
      if (!canManage(user, row.clip.roomId)) throw forbidden('replay.not_yours');
      if (row.clip.status !== ClipStatus.READY) throw badInput('replay.clip_not_ready');
      if (row.clip.articleId) return toClip(row.clip, row.nickname, user);
      const { id: articleId } = await deps.publishVideo(row.clip.roomId, {
        title: row.clip.title.length >= 5 ? row.clip.title : `${row.clip.title} · ${row.nickname}`.slice(0, 30),
        body: `${row.clip.title} — ${row.nickname}`,
        roomType: await deps.roomType(row.clip.roomId),
        cover: row.clip.poster,
        video: row.clip.url,
      });
      const updated = await repo.updateClip(id, { articleId });
      return toClip(updated!, row.nickname, user);
    },

    async removeClip(user: AuthUser, id: number) {
      const row = await repo.clip(id);
      if (!row) throw notFound('replay.clip_not_found');
      if (!canManage(user, row.clip.roomId)) throw forbidden('replay.not_yours');
      await storage.remove([`${row.clip.storageKey}/clip.mp4`, `${row.clip.storageKey}/poster.jpg`]);
      await repo.removeClip(id);
      return { id };
    },

    /** Clip jobs still running (tests and shutdown wait for them). */
    async idle() {
      await Promise.allSettled([...jobs]);
    },

    // ---- Playlists (media routes)

    /** The master playlist or one level's, for the caller; null when they may not have it. */
    async playlist(id: number, file: string, user: AuthUser | null, segmentUrl: (key: string) => string): Promise<{ text: string; hidden: boolean } | null> {
      const row = await repo.find(id);
      if (!row || row.status !== ReplayStatus.READY || (row.hidden && !canManage(user, row.roomId))) return null;
      const segs = await repo.segments(id);
      if (file === 'master') {
        const levels = [...row.levels]
          .filter((l) => levelAllowed(row, l.level, !!user))
          .sort((a, b) => LIVE_LEVELS.indexOf(a.level as LiveLevel) - LIVE_LEVELS.indexOf(b.level as LiveLevel))
          .map((l) => {
            const mine = segs.filter((s) => s.level === l.level);
            const seconds = mine.reduce((n, s) => n + s.duration, 0);
            const bytes = mine.reduce((n, s) => n + s.bytes, 0);
            return { url: `${l.level}.m3u8`, bandwidth: seconds > 0 ? (bytes * 8) / seconds : 1_000_000, height: l.height, name: l.level };
          });
        if (!levels.length) return null;
        return { text: masterPlaylist(levels), hidden: row.hidden === 1 };
      }
      const level = row.levels.find((l) => l.level === file);
      if (!level || !levelAllowed(row, level.level, !!user)) return null;
      return {
        text: finalPlaylist(
          segs.filter((s) => s.level === level.level),
          segmentUrl,
        ),
        hidden: row.hidden === 1,
      };
    },
  };
}
export type ReplayService = ReturnType<typeof createReplayService>;
