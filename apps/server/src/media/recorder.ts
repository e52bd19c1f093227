import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ReplayLevelDir, ReplayPart } from '../db/schema/replays.ts';
import type { Storage } from '../platform/storage.ts';
import type { ReplayRepo, ReplayRow } from '../modules/replays/repo.ts';
import type { Clock } from '../platform/clock.ts';
import { POSTER_FILE } from './ladder.ts';
import { finalPlaylist } from './replay-playlist.ts';

// Recording while live. The original is recorded by its own copying ffmpeg (ladder.ts startCopy),
// fed straight from the source, so the replay keeps the whole broadcast whatever the ladder does;
// HD/SD/smooth are recorded from the ladder's encodes when they run (a rung shed for lack of CPU
// leaves a gap in that level only). Each ffmpeg run writes a growing HLS event playlist into a
// staging folder of its own ("part"; kind "source" or "rungs"); this file picks up each finished segment,
// moves it into the uploads storage (local DATA_DIR/uploads or the S3 bucket) under the replay's
// random prefix and records it in the database. When the broadcast ends the replay is finalised:
// VOD playlists with ENDLIST are written beside the segments and the replay is marked ready.
//
// Time: the replay's second 0 is the first frame recorded. To put the room's chat, gifts and
// goals at the right second, each part keeps the wall-clock moment of its first frame, estimated
// from the FLV tags fed to its run (tap): for each tag, arrival − (tag time − first tag time);
// the smallest value is the truest (a tag can arrive late — the cached GOP comes in a burst —
// never early).
//
// Segments are stored as they come (every POLL_MS), and each part's folder says which replay it
// belongs to (META_FILE): after a crash (kill -9) the ffmpeg runs finish their files on end of input,
// and recoverStale stores what they left before finalising the replay.

/** What the ingest tells the recorder (ingest.ts calls these; all optional to the ingest). */
export interface RecordingHooks {
  /** A stream was accepted for a room. */
  started(roomId: number): void;
  /**
   * Before each run: the folder it records into, or null (not recording). `source` is the copy of
   * the original (its parts make the replay's timeline), `rungs` a ladder run.
   */
  partDir(roomId: number, heights?: Partial<Record<string, number>>, kind?: PartKind): string | null;
  /** Where the ladder writes the replay's poster still (the current source part), or null. */
  posterPath(roomId: number): string | null;
  /** FLV tags going into the run (copy or ladder) recording into `dir`. */
  tap(dir: string, tag: Buffer): void;
  /** The run recording into `dir` exited (its last segments and ENDLIST are on disk). */
  partEnded(roomId: number, dir: string): void;
  /** The stream ended. */
  ended(roomId: number): void;
}

export interface RecorderOptions {
  dataDir: string;
  storage: Storage;
  repo: ReplayRepo;
  ffmpeg: string | null;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A broadcast coming back within this long after a drop continues the same replay. */
  graceMs: number;
  /** The match the room is linked to when its broadcast starts, if any. */
  linkedMatch(roomId: number, at: Date): Promise<number | null>;
  /** Called when a replay becomes ready (tests and benches wait on it). */
  onReady?(replay: ReplayRow): void;
}

const POLL_MS = 500;
const POSTER_AT_SECONDS = 5;
/** In each part's folder: the replay it records into, so a restart after a crash can store what it left. */
const META_FILE = 'part.json';
/** After a crash, how long recovery waits for the orphaned ffmpeg runs to finish their playlists. */
const RECOVER_WAIT_MS = 10_000;

export type PartKind = 'source' | 'rungs';

interface PartMeta {
  replayId: number;
  kind: PartKind;
  number: number | null;
  wall: number | null;
  offset: number | null;
}

interface Part {
  index: number;
  kind: PartKind;
  dir: string;
  /** Media time (ms) of the first audio/video tag fed to this run. */
  ts0: number | null;
  /** Estimated wall clock (ms) of media time 0. */
  wall: number;
  /** Segments taken per level, and the replay second the next one starts at (and, for rungs, the level's part number). */
  taken: Map<string, { count: number; next: number; number?: number }>;
  offset: number | null;
  /** The part's place among the replay's parts (segments of a new part follow a discontinuity). */
  number: number;
  running: boolean;
  /** A source part: its place in the replay's timeline is recorded (notePart). */
  noted: boolean;
  /** Each level's height as the ladder planned it (0 or missing: probed from its first segment). */
  heights: Partial<Record<string, number>>;
  timer: NodeJS.Timeout;
}

interface Session {
  roomId: number;
  replay: Promise<ReplayRow | null>;
  parts: Part[];
  /** Collection and finalising of one session run one after another. */
  queue: Promise<void>;
  ended: boolean;
  /** The anchor ended the broadcast (no grace: the next broadcast is a new replay). */
  closed: boolean;
  /** Resolves once this session's replay is finalised (the next broadcast may continue it). */
  done: Promise<void>;
  finish: () => void;
  finished: boolean;
}

export class Recorder implements RecordingHooks {
  private readonly sessions = new Map<number, Session>();
  private readonly byDir = new Map<string, Part>();
  /** Anchors who pressed "end": their current replay is closed when the stream goes. */
  private readonly closing = new Set<number>();

  constructor(private readonly opts: RecorderOptions) {}

  get stagingRoot() {
    return path.join(this.opts.dataDir, 'media', 'rec');
  }

  /** The anchor ends the broadcast on purpose: no grace period for this replay. */
  close(roomId: number) {
    this.closing.add(roomId);
    const s = this.sessions.get(roomId);
    if (s) s.closed = true;
  }

  posterPath(roomId: number): string | null {
    const s = this.sessions.get(roomId);
    const part = s && !s.ended ? [...s.parts].reverse().find((p) => p.kind === 'source') : undefined;
    return part ? path.join(part.dir, POSTER_FILE) : null;
  }

  started(roomId: number) {
    const old = this.sessions.get(roomId);
    if (old && !old.ended) return;
    this.closing.delete(roomId);
    let finish = () => {};
    const done = new Promise<void>((r) => (finish = r));
    const session: Session = { roomId, replay: Promise.resolve(null), parts: [], queue: Promise.resolve(), ended: false, closed: false, done, finish, finished: false };
    // A broadcast that dropped a moment ago may still be finalising: continue its replay once it is.
    const previous = old?.done ?? Promise.resolve();
    session.replay = previous
      .then(() => this.openReplay(roomId))
      .catch((err) => {
        this.opts.log.error({ err, room: roomId }, 'replay: could not open the replay');
        return null;
      });
    this.sessions.set(roomId, session);
  }

  /** A new replay, or the last one when this broadcast comes back within the grace period. */
  private async openReplay(roomId: number): Promise<ReplayRow | null> {
    const repo = this.opts.repo;
    if (!(await repo.recordsRoom(roomId))) return null;
    const now = this.opts.clock.now();
    const last = await repo.latest(roomId);
    if (last && !last.closed && last.status !== 2 && last.endedAt && now.getTime() - last.endedAt.getTime() <= this.opts.graceMs) {
      this.opts.log.info({ room: roomId, replay: last.id }, 'replay: broadcast back within the grace period, continuing its replay');
      return repo.update(last.id, { status: 0, endedAt: null });
    }
    const title = (await this.opts.repo.roomTitle(roomId)) ?? '';
    return repo.create({
      roomId,
      title,
      storageKey: `replays/${roomId}/${crypto.randomBytes(9).toString('base64url')}`,
      startedAt: now,
      matchId: await this.opts.linkedMatch(roomId, now).catch(() => null),
    });
  }

  partDir(roomId: number, heights: Partial<Record<string, number>> = {}, kind: PartKind = 'source'): string | null {
    const s = this.sessions.get(roomId);
    if (!s || s.ended) return null;
    const index = s.parts.length;
    const dir = path.join(this.stagingRoot, `${roomId}-${Date.now().toString(36)}-${index}-${kind}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    const part: Part = {
      index,
      kind,
      dir,
      ts0: null,
      wall: Number.POSITIVE_INFINITY,
      taken: new Map(),
      offset: null,
      number: 0,
      running: true,
      noted: false,
      heights,
      timer: setInterval(() => this.collectSoon(s, part), POLL_MS),
    };
    part.timer.unref();
    s.parts.push(part);
    this.byDir.set(dir, part);
    return dir;
  }

  tap(dir: string, tag: Buffer) {
    const part = this.byDir.get(dir);
    if (!part || tag.length < 13) return;
    const type = tag[0];
    if (type !== 8 && type !== 9) return;
    // Codec headers (AVC / AAC sequence headers) carry no picture or sound and often time 0.
    if (type === 9 && (tag[11] & 0x0f) === 7 && tag[12] === 0) return;
    if (type === 8 && tag[11] >> 4 === 10 && tag[12] === 0) return;
    const ts = ((tag[7] << 24) | (tag[4] << 16) | (tag[5] << 8) | tag[6]) >>> 0;
    part.ts0 ??= ts;
    const wall = Date.now() - (ts - part.ts0);
    if (wall < part.wall) part.wall = wall;
  }

  partEnded(roomId: number, dir: string) {
    const part = this.byDir.get(dir);
    const s = this.sessions.get(roomId);
    if (!part || !s) return;
    part.running = false;
    clearInterval(part.timer);
    this.collectSoon(s, part);
    s.queue = s.queue.then(() => this.maybeFinish(s));
  }

  ended(roomId: number) {
    const s = this.sessions.get(roomId);
    if (!s) return;
    s.ended = true;
    if (this.closing.delete(roomId)) s.closed = true;
    s.queue = s.queue.then(() => this.maybeFinish(s));
  }

  /** Waits for every queued collection (tests, shutdown). */
  async idle() {
    await Promise.allSettled([...this.sessions.values()].map((s) => s.queue));
  }

  /** On shutdown: what was recorded so far becomes a replay. */
  async stop() {
    for (const s of this.sessions.values()) {
      s.ended = true;
      for (const p of s.parts) {
        p.running = false;
        clearInterval(p.timer);
        this.collectSoon(s, p);
      }
      s.queue = s.queue.then(() => this.maybeFinish(s));
    }
    await this.idle();
  }

  private collectSoon(s: Session, part: Part) {
    s.queue = s.queue.then(() => this.collect(s, part)).catch((err) => this.opts.log.error({ err, room: s.roomId }, 'replay: collecting segments failed'));
  }

  /** Moves every segment the part's playlists list and we have not taken yet into storage. */
  private async collect(s: Session, part: Part) {
    const replay = await s.replay;
    if (!replay) return;
    const levels = (await fs.promises.readdir(part.dir, { withFileTypes: true }).catch(() => [])).filter((d) => d.isDirectory()).map((d) => d.name);
    if (part.offset === null) {
      // A source part starts where the previous one's original level ended; a ladder run where the
      // original was at the moment its first frame came (both clocks estimated the same way).
      const fresh = await this.opts.repo.find(replay.id);
      const source = part.kind === 'rungs' ? [...s.parts].reverse().find((p) => p.kind === 'source' && p.offset !== null && p.wall !== Number.POSITIVE_INFINITY && p.index < part.index) : undefined;
      part.offset = source && part.wall !== Number.POSITIVE_INFINITY ? Math.max(0, source.offset! + (part.wall - source.wall) / 1000) : (fresh?.duration ?? 0);
      await this.writeMeta(replay, part);
    }
    for (const level of levels) {
      const text = await fs.promises.readFile(path.join(part.dir, level, 'index.m3u8'), 'utf8').catch(() => null);
      if (!text) continue;
      const listed = parseEvent(text);
      const taken = part.taken.get(level) ?? { count: 0, next: part.offset };
      part.taken.set(level, taken);
      for (const seg of listed.slice(taken.count)) {
        if (taken.count === 0 && part.kind === 'source' && part.wall !== Number.POSITIVE_INFINITY) await this.notePart(replay, part);
        // A ladder run's segments follow a discontinuity in their level (the encode started again).
        if (part.kind === 'rungs') taken.number ??= (await this.opts.repo.lastPart(replay.id, level)) + 1;
        await this.store(replay, part, level, seg, taken.next, taken.number);
        taken.count++;
        taken.next += seg.duration;
      }
    }
  }

  private async writeMeta(replay: ReplayRow, part: Part) {
    const meta: PartMeta = {
      replayId: replay.id,
      kind: part.kind,
      number: part.kind === 'source' && part.noted ? part.number : null,
      wall: Number.isFinite(part.wall) ? part.wall : null,
      offset: part.offset,
    };
    await fs.promises.writeFile(path.join(part.dir, META_FILE), JSON.stringify(meta)).catch(() => undefined);
  }

  private async notePart(replay: ReplayRow, part: Part) {
    const fresh = (await this.opts.repo.find(replay.id))!;
    const known = fresh.parts.findIndex((p) => p.offset === part.offset);
    part.noted = true;
    if (known >= 0 && Math.abs(fresh.parts[known].wall - part.wall) < 1) return;
    const parts: ReplayPart[] = [...fresh.parts.filter((p) => p.offset !== part.offset), { wall: Math.round(part.wall), offset: part.offset! }].sort((a, b) => a.offset - b.offset);
    part.number = parts.findIndex((p) => p.offset === part.offset);
    await this.opts.repo.setParts(replay.id, parts);
    await this.writeMeta(replay, part);
  }

  private async store(replay: ReplayRow, part: Pick<Part, 'heights' | 'number' | 'running' | 'dir'>, level: string, seg: { file: string; duration: number }, start: number, number = part.number) {
    const file = path.join(part.dir, level, seg.file);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return;
    const fresh = (await this.opts.repo.find(replay.id))!;
    let dir = fresh.levels.find((l) => l.level === level);
    if (!dir) {
      dir = { level, dir: `${level}-${crypto.randomBytes(6).toString('base64url')}`, height: part.heights[level] || (await probeHeight(this.opts.ffmpeg, file)) };
      await this.opts.repo.setLevels(replay.id, [...fresh.levels, dir].sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level)) as ReplayLevelDir[]);
    }
    // The poster: a frame a few seconds in, taken from the original before the segment moves away.
    if (level === 'original' && !fresh.poster && (start + seg.duration >= POSTER_AT_SECONDS || !part.running)) await this.poster(replay, file, path.join(part.dir, POSTER_FILE));
    const seq = Number(await this.opts.repo.nextSeq(replay.id, level));
    const key = `${replay.storageKey}/${dir.dir}/${String(seq).padStart(6, '0')}.ts`;
    await this.opts.storage.putFile(key, file, 'video/mp2t');
    await this.opts.repo.addSegment({ replayId: replay.id, level, seq, part: number, start, duration: seg.duration, bytes: stat.size, key }, level === 'original');
  }

  private async poster(replay: ReplayRow, segment: string, still: string) {
    if (!this.opts.ffmpeg) return;
    // The ladder's still when it is a whole JPEG (it is rewritten in place every 5 s), else a frame
    // decoded from the segment.
    let bytes = await fs.promises.readFile(still).catch(() => null);
    if (!bytes || bytes.length < 4 || bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) {
      const out = `${segment}.jpg`;
      const ok = await run(this.opts.ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-i', segment, '-frames:v', '1', '-vf', 'scale=-2:360', '-q:v', '4', out]);
      if (!ok) return;
      bytes = await fs.promises.readFile(out);
      await fs.promises.rm(out, { force: true });
    }
    const key = `${replay.storageKey}/poster.jpg`;
    await this.opts.storage.put(key, bytes, 'image/jpeg');
    await this.opts.repo.update(replay.id, { poster: this.opts.storage.publicUrl(key) });
    await this.opts.repo.addBytes(replay.id, bytes.length);
  }

  /** Once the stream has ended and every run has exited: the replay is finalised. */
  private async maybeFinish(s: Session) {
    if (!s.ended || s.finished || s.parts.some((p) => p.running)) return;
    s.finished = true;
    if (this.sessions.get(s.roomId) === s) this.sessions.delete(s.roomId);
    try {
      for (const p of s.parts) {
        this.byDir.delete(p.dir);
        await fs.promises.rm(p.dir, { recursive: true, force: true });
      }
      const replay = await s.replay;
      if (replay) await this.finalize(replay.id, s.closed);
    } finally {
      s.finish();
    }
  }

  /** Writes the VOD playlists beside the segments and marks the replay ready (failed when nothing was recorded). */
  async finalize(replayId: number, closed: boolean) {
    const repo = this.opts.repo;
    const replay = await repo.find(replayId);
    if (!replay) return;
    const segments = await repo.segments(replayId);
    const now = this.opts.clock.now();
    if (!segments.some((x) => x.level === 'original')) {
      // Nothing playable was recorded (the stream ended within its first seconds): no replay.
      await this.opts.storage.remove([...segments.map((x) => x.key), ...(replay.poster ? [`${replay.storageKey}/poster.jpg`] : [])]);
      await repo.remove(replayId);
      return;
    }
    for (const l of replay.levels) {
      const text = finalPlaylist(
        segments.filter((x) => x.level === l.level),
        (k) => path.posix.basename(k),
      );
      await this.opts.storage.put(`${replay.storageKey}/${l.dir}/index.m3u8`, Buffer.from(text), 'application/vnd.apple.mpegurl');
    }
    // closed may already be set in the database (the anchor pressed "end" on another process): keep it.
    const ready = await repo.update(replayId, { status: 1, endedAt: now, ...(closed ? { closed: 1 } : {}) });
    this.opts.log.info({ replay: replayId, room: replay.roomId, seconds: ready?.duration }, 'replay: ready');
    if (ready) this.opts.onReady?.(ready);
  }

  /**
   * After a restart: replays a stopped (or killed) process left "recording" are finalised with what
   * they have, including the segments its ffmpeg runs wrote after the last collection (they finish
   * their files when their input closes with the dead process).
   */
  async recoverStale() {
    const stale = await this.opts.repo.stillRecording();
    const ids = new Set(stale.map((r) => r.id));
    const dirs = await fs.promises.readdir(this.stagingRoot).catch(() => [] as string[]);
    const deadline = Date.now() + RECOVER_WAIT_MS;
    // Source parts first: they make the timeline the ladder runs' segments are placed on.
    const found: Array<{ dir: string; meta: PartMeta }> = [];
    for (const name of dirs) {
      const dir = path.join(this.stagingRoot, name);
      const meta = await fs.promises
        .readFile(path.join(dir, META_FILE), 'utf8')
        .then((t) => JSON.parse(t) as PartMeta)
        .catch(() => null);
      if (meta && ids.has(meta.replayId)) found.push({ dir, meta });
    }
    found.sort((a, b) => (a.meta.kind === b.meta.kind ? 0 : a.meta.kind === 'source' ? -1 : 1));
    for (const { dir, meta } of found) {
      await this.recoverPart(dir, meta, deadline).catch((err) => this.opts.log.error({ err, dir }, 'replay: recovering a part failed'));
    }
    fs.rmSync(this.stagingRoot, { recursive: true, force: true });
    for (const r of stale) await this.finalize(r.id, true);
  }

  /** Stores the segments a crashed run left in its folder, after those already stored for each level. */
  private async recoverPart(dir: string, meta: PartMeta, deadline: number) {
    const replay = await this.opts.repo.find(meta.replayId);
    if (!replay) return;
    const levels = (await fs.promises.readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
    // The orphaned ffmpeg ends its playlists with ENDLIST once it has written its last segment.
    const playlist = (level: string) => fs.promises.readFile(path.join(dir, level, 'index.m3u8'), 'utf8').catch(() => '');
    while (Date.now() < deadline) {
      const texts = await Promise.all(levels.map(playlist));
      if (texts.every((t) => t.includes('#EXT-X-ENDLIST'))) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    for (const level of levels) {
      const listed = parseEvent(await playlist(level));
      const left = [];
      for (const seg of listed) if (fs.existsSync(path.join(dir, level, seg.file))) left.push(seg);
      if (!left.length) continue;
      const stored = await this.opts.repo.segments(replay.id, level);
      const lastSeg = stored.at(-1);
      let next = lastSeg ? lastSeg.start + lastSeg.duration : (meta.offset ?? 0);
      let number = meta.kind === 'source' ? (meta.number ?? lastSeg?.part ?? 0) : listed.length > left.length && lastSeg ? lastSeg.part : (lastSeg?.part ?? -1) + 1;
      if (meta.kind === 'source' && meta.number === null) {
        // The part's first segment was never stored: it starts a new part of the timeline here.
        const fresh = (await this.opts.repo.find(replay.id))!;
        const parts: ReplayPart[] = [...fresh.parts, { wall: Math.round(meta.wall ?? Date.now()), offset: next }];
        await this.opts.repo.setParts(replay.id, parts);
        number = parts.length - 1;
        meta.number = number;
      }
      for (const seg of left) {
        await this.store(replay, { heights: {}, number, running: false, dir }, level, seg, next);
        next += seg.duration;
      }
    }
  }
}

const LEVEL_ORDER = ['original', 'hd', 'sd', 'smooth'];

/** Segments listed by an HLS event playlist, in order. */
export function parseEvent(text: string): Array<{ file: string; duration: number }> {
  const out: Array<{ file: string; duration: number }> = [];
  let duration: number | null = null;
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith('#') && duration !== null) {
      out.push({ file: path.basename(line), duration });
      duration = null;
    }
  }
  return out;
}

function run(bin: string, args: string[], timeoutMs = 15_000): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { stdio: 'ignore' });
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', () => resolve(false));
    child.on('exit', (code) => {
      clearTimeout(t);
      resolve(code === 0);
    });
  });
}

/** The picture height of a segment (ffprobe beside ffmpeg), 0 when unknown. */
async function probeHeight(ffmpeg: string | null, file: string): Promise<number> {
  if (!ffmpeg) return 0;
  const ffprobe = path.join(path.dirname(ffmpeg), 'ffprobe');
  return new Promise((resolve) => {
    const child = spawn(ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=height', '-of', 'csv=p=0', file], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', () => resolve(0));
    child.on('exit', () => resolve(Number.parseInt(out, 10) || 0));
  });
}
