import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveLevel } from '@livesports/contracts/live';
import type { Bus } from '../platform/bus.ts';
import { clearDir, type LadderRun, planLadder, type Rung, startCopy, startLadder } from './ladder.ts';
import { idleSampler, type LadderHealth, LadderController, type LadderPlan, RestartBudget } from './ladder-control.ts';
import { EmbeddedRtmp, type FlvSink, type Publisher } from './nms.ts';
import type { RecordingHooks } from './recorder.ts';
import { type MeterReading, StreamMeter } from './stream-meter.ts';
import type { ViewerCounter } from './viewers.ts';

/** What the ingest asks the live module: the publish hook (also behind the SRS-style callbacks). */
export interface PublishHooks {
  /** The room whose current stream key this is, if its owner may broadcast; else null. */
  authorize(app: string, streamKey: string): Promise<number | null>;
  /** The room of a key, whoever owns it now (an unpublish must close even a revoked anchor's room). */
  roomOfKey(app: string, streamKey: string): Promise<number | null>;
  /** The stream is accepted: the room goes live and a broadcast record opens. */
  published(roomId: number): Promise<void>;
  /** The stream ended: the room goes offline and the record closes with its peak. */
  unpublished(roomId: number, peakViewers: number): Promise<void>;
  /** The session's peak so far, saved now and then while live. */
  peak(roomId: number, peakViewers: number): Promise<void>;
  /** Rooms the database still believes live from before a restart: end them. */
  endStale(): Promise<void>;
}

/** Bus channel on which any process asks the ingest to disconnect a room's encoder. */
export const KICK_CHANNEL = 'live:kick';
const PEAK_SAVE_MS = 10_000;
/** Input held for a transcoder this far behind is dropped (it sheds rungs meanwhile); the original is never held. */
const MAX_LADDER_BACKLOG = 16 * 1024 * 1024;
/** How often a shed rung may be brought back (ladder-control.ts decides whether). */
const RESTORE_CHECK_MS = 5_000;

interface Ladder {
  run: LadderRun;
  rungs: Rung[];
  plan: LadderPlan;
  detachSource: () => void;
  outputs: Array<{ end(): void }>;
  /** Source bytes fed since the run started, to judge the backlog in seconds. */
  fed: number;
  since: number;
}

/** The copy of the original (live HLS and the replay's recording). */
interface Copy {
  run: LadderRun;
  detachSource: () => void;
}

interface LiveStream {
  roomId: number;
  publisher: Publisher;
  streamPath: string;
  peak: number;
  ladder: Ladder | null;
  copy: Copy | null;
  copyBudget: RestartBudget;
  rungs: Rung[] | null;
  control: LadderController | null;
  /** A pending ladder (re)start, or the restore check. */
  restartTimer: NodeJS.Timeout | null;
  restoreTimer: NodeJS.Timeout | null;
  ending: boolean;
  timer: NodeJS.Timeout;
  /** When the stream arrived, and what it sends (stream-meter.ts, an internal subscriber of its own). */
  since: Date;
  meter: StreamMeter;
  detachMeter: (() => void) | null;
}

/** What the stream health call reads of a stream this process receives (modules/live/stream-health.service.ts). */
export interface IngestHealth {
  since: Date;
  width: number;
  height: number;
  reading: MeterReading;
  rungs: Array<{ level: LiveLevel; height: number; up: boolean }>;
  restarts: number;
}

export interface IngestOptions {
  port: number;
  host: string;
  dataDir: string;
  ffmpeg: string | null;
  hooks: PublishHooks;
  viewers: ViewerCounter;
  bus: Bus;
  log: FastifyBaseLogger;
  /** Records broadcasts into replays (recorder.ts) through the ladder's ffmpeg; absent = no recording. */
  recorder?: RecordingHooks;
}

/**
 * The embedded ingest: RTMP in, our publish hook deciding who may publish, a quality ladder per
 * live room, and the lookups the play routes need. One per process.
 */
export class Ingest {
  readonly rtmp: EmbeddedRtmp;
  private readonly byRoom = new Map<number, LiveStream>();
  private readonly bySession = new Map<string, LiveStream>();
  /** Publish and unpublish of one room run one after the other, never interleaved. */
  private readonly queues = new Map<number, Promise<void>>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private stopped = false;

  constructor(private readonly opts: IngestOptions) {
    this.rtmp = new EmbeddedRtmp(opts.log);
  }

  get port() {
    return this.opts.port;
  }
  get ladderEnabled() {
    return this.opts.ffmpeg !== null;
  }

  async start() {
    await this.opts.hooks.endStale();
    await this.rtmp.start({
      port: this.opts.port,
      host: this.opts.host,
      storeDir: path.join(this.opts.dataDir, 'media', 'nms'),
      onPublish: (p) => void this.onPublish(p),
      onUnpublish: (p) => void this.onUnpublish(p),
    });
    // End-of-broadcast and key resets may be asked for by any server process.
    this.unsubscribe = await this.opts.bus.subscribe(KICK_CHANNEL, (m) => this.kickLocal(Number(m)));
  }

  async stop() {
    this.stopped = true;
    await this.unsubscribe?.();
    for (const s of this.byRoom.values()) {
      this.stopLadder(s);
      this.stopCopy(s);
    }
    await this.rtmp.stop();
    // Let pending unpublish bookkeeping finish before the database closes.
    await Promise.allSettled([...this.queues.values()]);
  }

  /** Disconnects a room's publisher if it is connected here; false when it is not. */
  kickLocal(roomId: number): boolean {
    const s = this.byRoom.get(roomId);
    if (s) s.publisher.session.close();
    return !!s;
  }

  isLive(roomId: number) {
    return this.byRoom.has(roomId);
  }

  /** The streams this process receives and whether each one's transcoder runs (the console's media page). */
  streams(): Array<{ roomId: number; transcoding: boolean; restarts: number; ladder: LadderHealth | null }> {
    return [...this.byRoom.values()].map((s) => ({ roomId: s.roomId, transcoding: s.ladder !== null, restarts: s.control?.restarts ?? 0, ladder: this.ladderHealth(s.roomId) }));
  }

  /** The stream's measured figures and its rungs, or null when this process does not receive the room. */
  health(roomId: number): IngestHealth | null {
    const s = this.byRoom.get(roomId);
    if (!s) return null;
    const info = this.rtmp.sourceInfo(s.streamPath);
    return { since: s.since, width: info.width, height: info.height, reading: s.meter.read(), rungs: this.rungsUp(s), restarts: s.control?.restarts ?? 0 };
  }

  /**
   * Which rungs viewers can watch now: the original always, a ladder rung while its broadcast has
   * a publisher with a picture (a rung as tall as the source is the original). The one place that
   * reads rung state, so a ladder that sheds rungs under load shows here as rungs down.
   */
  private rungsUp(s: LiveStream): IngestHealth['rungs'] {
    // The ladder's controller knows which rungs it shed on purpose (ladder-control.ts); a rung it
    // lists as up is still checked for a picture, so a rung that crashed shows as down too.
    const ladder = this.ladderHealth(s.roomId);
    if (ladder) {
      const original = { level: 'original' as const, height: this.rtmp.sourceInfo(s.streamPath).height, up: true };
      return [
        original,
        // A rung as tall as the source is the original itself (alias): up with it.
        ...ladder.rungs.map(({ level, height, up, alias }) => {
          if (alias) return { level, height, up: true };
          const path = this.flvPath(s.roomId, level);
          return { level, height, up: up && path !== null && this.rtmp.isPublishing(path) && this.rtmp.sourceInfo(path).hasVideoHeader };
        }),
      ];
    }
    return this.levels(s.roomId).map(({ level, height }) => {
      const path = this.flvPath(s.roomId, level);
      const up = level === 'original' || (s.ladder !== null && path !== null && this.rtmp.isPublishing(path) && this.rtmp.sourceInfo(path).hasVideoHeader);
      return { level, height, up };
    });
  }

  /**
   * The ladder of a live room received here, as the studio's and console's health panels show it:
   * which rungs are up or shed for lack of CPU, the preset, restarts (all, and in the last minute)
   * and the encode speed. Null when the room is not live here or has no ladder (yet).
   */
  ladderHealth(roomId: number): LadderHealth | null {
    return this.byRoom.get(roomId)?.control?.health(Date.now()) ?? null;
  }

  /**
   * The levels a live room has now, with heights once the ladder is planned (0 before). A rung
   * shed for lack of CPU is not listed: players move to the nearest level listed.
   */
  levels(roomId: number): Array<{ level: LiveLevel; height: number }> {
    const s = this.byRoom.get(roomId);
    const source = s ? this.rtmp.sourceInfo(s.streamPath).height : 0;
    if (!this.ladderEnabled) return [{ level: 'original', height: source }];
    const rungs = s?.rungs ?? null;
    const up = (r: Rung) => r.alias || !s?.control || s.control.plan.up.includes(r.level);
    return [
      { level: 'original', height: source },
      ...(['hd', 'sd', 'smooth'] as const).flatMap((level) => {
        const r = rungs?.find((x) => x.level === level);
        if (!r) return [{ level, height: 0 }];
        return up(r) ? [{ level, height: r.height }] : [];
      }),
    ];
  }

  /**
   * The level actually served for a requested one: itself while up, else the nearest by height
   * among those up (ties to the smaller), else the original. A player left on a shed rung's URL
   * keeps a picture when it reconnects.
   */
  private served(s: LiveStream, level: LiveLevel): { level: LiveLevel; original: boolean } {
    if (level === 'original') return { level, original: true };
    const rungs = s.rungs;
    const rung = rungs?.find((r) => r.level === level);
    if (!rung || !s.control) return { level, original: !!rung?.alias };
    if (rung.alias) return { level, original: true };
    if (s.control.plan.up.includes(level)) return { level, original: false };
    const source = this.rtmp.sourceInfo(s.streamPath).height || rung.height;
    const candidates = [
      { level: 'original' as LiveLevel, height: source, original: true },
      ...rungs!.filter((r) => r.alias || s.control!.plan.up.includes(r.level)).map((r) => ({ level: r.level as LiveLevel, height: r.height, original: r.alias })),
    ];
    candidates.sort((a, b) => Math.abs(a.height - rung.height) - Math.abs(b.height - rung.height) || a.height - b.height);
    return { level: candidates[0].level, original: candidates[0].original };
  }

  /** The broadcast an HTTP-FLV viewer of this level attaches to, or null when not available. */
  flvPath(roomId: number, level: LiveLevel): string | null {
    const s = this.byRoom.get(roomId);
    if (!s) return null;
    const served = this.served(s, level);
    if (served.original) return s.streamPath;
    if (!this.ladderEnabled) return null;
    return `/ladder/${roomId}_${served.level}`;
  }

  /** Attaches an HTTP-FLV viewer to a level's broadcast (see EmbeddedRtmp.attachViewer). */
  attachViewer(streamPath: string, sink: FlvSink, beforeFirstByte?: () => void) {
    return this.rtmp.attachViewer(streamPath, sink, beforeFirstByte);
  }

  /** The directory holding this level's HLS playlist and segments. */
  hlsDir(roomId: number, level: LiveLevel): string | null {
    const s = this.byRoom.get(roomId);
    if (!s || !this.ladderEnabled) return null;
    const served = this.served(s, level);
    return path.join(this.hlsRoot(roomId), served.original ? 'original' : served.level);
  }

  /** The room's latest still (written by the ladder), or null when there is none. */
  thumbPath(roomId: number): string | null {
    return this.byRoom.has(roomId) && this.ladderEnabled ? path.join(this.hlsRoot(roomId), 'thumb.jpg') : null;
  }

  private hlsRoot(roomId: number) {
    return path.join(this.opts.dataDir, 'media', 'hls', String(roomId));
  }

  private enqueue(roomId: number, task: () => Promise<void>) {
    const next = (this.queues.get(roomId) ?? Promise.resolve()).then(task).catch((err) => this.opts.log.error({ err, roomId }, 'live: publish bookkeeping failed'));
    this.queues.set(roomId, next);
    void next.finally(() => {
      if (this.queues.get(roomId) === next) this.queues.delete(roomId);
    });
  }

  private async onPublish(p: Publisher) {
    let roomId: number | null = null;
    try {
      roomId = await this.opts.hooks.authorize(p.app, p.name);
    } catch (err) {
      this.opts.log.error({ err }, 'live: publish hook failed');
    }
    // Turned away: unknown or old key, not an anchor (any more), or a second encoder on a path.
    if (roomId === null || this.stopped || !this.rtmp.isCurrent(p) || this.byRoom.has(roomId)) {
      this.opts.log.warn({ app: p.app, ip: p.ip, room: roomId }, 'live: publish refused');
      p.session.close();
      return;
    }
    const id = roomId;
    const stream: LiveStream = {
      roomId: id,
      publisher: p,
      streamPath: p.session.streamPath,
      peak: 0,
      ladder: null,
      copy: null,
      copyBudget: new RestartBudget(),
      rungs: null,
      control: null,
      restartTimer: null,
      restoreTimer: null,
      ending: false,
      timer: setInterval(() => void this.savePeak(stream), PEAK_SAVE_MS),
      since: new Date(),
      meter: new StreamMeter(),
      detachMeter: null,
    };
    stream.timer.unref();
    // The meter subscribes like a viewer; the few frames already cached are replayed in the attach.
    stream.detachMeter = stream.meter.prime(() => this.rtmp.attachViewer(stream.streamPath, { write: (b) => stream.meter.push(b), end: () => undefined }));
    this.byRoom.set(id, stream);
    this.bySession.set(p.id, stream);
    this.opts.log.info({ room: id, ip: p.ip }, 'live: stream accepted');
    this.enqueue(id, () => this.opts.hooks.published(id));
    this.opts.recorder?.started(id);
    if (this.ladderEnabled) void this.beginLadder(stream);
  }

  private async onUnpublish(p: Publisher) {
    const stream = this.bySession.get(p.id);
    if (!stream) return;
    stream.ending = true;
    clearInterval(stream.timer);
    this.bySession.delete(p.id);
    this.byRoom.delete(stream.roomId);
    stream.detachMeter?.();
    this.stopLadder(stream);
    this.stopCopy(stream);
    this.opts.recorder?.ended(stream.roomId);
    this.rtmp.endViewers(stream.streamPath);
    this.observe(stream);
    this.opts.viewers.reset(stream.roomId);
    this.opts.log.info({ room: stream.roomId, peak: stream.peak }, 'live: stream ended');
    this.enqueue(stream.roomId, () => this.opts.hooks.unpublished(stream.roomId, stream.peak));
  }

  private observe(stream: LiveStream) {
    stream.peak = Math.max(stream.peak, this.opts.viewers.online(stream.roomId));
  }

  private async savePeak(stream: LiveStream) {
    this.observe(stream);
    if (stream.peak > 0) this.enqueue(stream.roomId, () => this.opts.hooks.peak(stream.roomId, stream.peak));
  }

  /** Peak is sampled whenever viewers come and go, not only on the timer. */
  notePeak(roomId: number) {
    const s = this.byRoom.get(roomId);
    if (s) this.observe(s);
  }

  private async beginLadder(stream: LiveStream) {
    // The plan needs the source size: metadata comes with the first packets, give it a moment.
    const deadline = Date.now() + 3000;
    while (!stream.ending && Date.now() < deadline && !this.rtmp.sourceInfo(stream.streamPath).hasVideoHeader) await sleep(50);
    if (stream.ending || this.stopped) return;
    // The original's copy (live HLS + the replay) first: it starts from the cached GOP's key frame.
    clearDir(this.hlsRoot(stream.roomId));
    this.safely(stream, () => this.runCopy(stream));
    const info = this.rtmp.sourceInfo(stream.streamPath);
    stream.rungs = planLadder(info);
    stream.control = new LadderController(stream.rungs, info.height, Date.now());
    const idle = idleSampler(() => os.cpus());
    idle();
    stream.restoreTimer = setInterval(() => {
      if (stream.ending || this.stopped || !stream.control) return;
      this.act(stream, stream.control.maybeRestore(Date.now(), idle()));
    }, RESTORE_CHECK_MS);
    stream.restoreTimer.unref();
    this.safely(stream, () => this.runLadder(stream));
  }

  /** A ladder that cannot even start (a file system error) leaves the stream on its original, not the process down. */
  private safely(stream: LiveStream, start: () => void) {
    try {
      start();
    } catch (err) {
      this.opts.log.error({ err, room: stream.roomId }, 'live: the transcoder could not start');
    }
  }

  /**
   * Carries out the controller's answer: the ladder restarts with a new plan, now or when the
   * restart budget allows. Until then a run that is still up keeps serving (behind is better
   * than nothing); one that exited is simply gone until its restart.
   */
  private act(stream: LiveStream, action: ReturnType<LadderController['overloaded']>) {
    if (action.kind !== 'restart') return;
    const wait = Math.max(0, action.at - Date.now());
    this.opts.log.warn({ room: stream.roomId, reason: action.reason, preset: action.plan.preset, rungs: action.plan.up, inMs: wait }, 'live: transcoder plan changes');
    if (stream.restartTimer) clearTimeout(stream.restartTimer);
    const restart = () => {
      stream.restartTimer = null;
      this.stopLadder(stream);
      if (!stream.ending && !this.stopped) this.safely(stream, () => this.runLadder(stream));
    };
    // Never from inside the run's own callbacks (a source packet is being handed out right now).
    stream.restartTimer = setTimeout(restart, wait);
    stream.restartTimer.unref();
  }

  private runLadder(stream: LiveStream) {
    const rungs = stream.rungs!;
    const control = stream.control!;
    const plan = control.plan;
    const active = rungs.filter((r) => !r.alias && plan.up.includes(r.level));
    const recorder = this.opts.recorder;
    // The heights are known from the plan: the recorder need not probe each level's first segment.
    const heights = Object.fromEntries(active.map((r) => [r.level, r.height]));
    const recordDir = (active.length && recorder?.partDir(stream.roomId, heights, 'rungs')) || undefined;
    const ladder: Ladder = { run: null!, rungs, plan, detachSource: () => undefined, outputs: [], fed: 0, since: Date.now() };
    const run = startLadder(
      this.opts.ffmpeg!,
      active,
      this.hlsRoot(stream.roomId),
      (code, stderr) => {
        if (stream.ladder !== ladder) return;
        this.stopLadder(stream);
        if (stream.ending || this.stopped) return;
        this.opts.log.warn({ room: stream.roomId, code, stderr }, 'live: transcoder exited');
        this.act(stream, control.exited(Date.now()));
      },
      { recordDir, posterPath: recorder?.posterPath(stream.roomId) ?? undefined, preset: plan.preset },
      (mediaMs) => {
        if (stream.ladder !== ladder) return;
        if (control.progress(Date.now(), mediaMs)) {
          this.opts.log.warn({ room: stream.roomId, speed: control.health(Date.now()).speed }, 'live: transcoder cannot keep up, shedding work');
          this.act(stream, control.overloaded(Date.now()));
        }
      },
    );
    ladder.run = run;
    control.started(Date.now());
    if (recorder && recordDir) run.process.once('exit', () => recorder.partEnded(stream.roomId, recordDir));
    for (const [level, out] of run.outputs) {
      out.on('error', () => undefined);
      const publisher = this.rtmp.createPublisher(`/ladder/${stream.roomId}_${level}`);
      if (!publisher) {
        // Read it anyway: a full pipe would stall the whole encode, recording included.
        out.resume();
        continue;
      }
      out.on('data', (b: Buffer) => publisher.write(b));
      ladder.outputs.push(publisher);
    }
    // Current before attaching: the attach hands over the headers and the cached GOP at once.
    stream.ladder = ladder;
    const detachSource = this.rtmp.attachViewer(stream.streamPath, {
      write: (b) => {
        if (stream.ladder !== ladder) return;
        const waiting = run.input.writableLength;
        const rate = ladder.fed / Math.max(1, (Date.now() - ladder.since) / 1000);
        if (LadderController.behind(waiting, rate) && Date.now() - ladder.since > 5000) this.act(stream, control.overloaded(Date.now()));
        if (stream.ladder !== ladder) return;
        // Far behind and not yet allowed to restart: drop the ladder's input, never the original's.
        if (waiting > MAX_LADDER_BACKLOG) return;
        ladder.fed += b.length;
        if (recordDir) recorder!.tap(recordDir, b);
        run.input.write(b);
      },
      end: () => run.input.end(),
    });
    if (!detachSource) {
      stream.ladder = null;
      run.stop();
      for (const o of ladder.outputs) o.end();
      return;
    }
    ladder.detachSource = detachSource;
  }

  private stopLadder(stream: LiveStream) {
    if (stream.ending || this.stopped) {
      if (stream.restartTimer) clearTimeout(stream.restartTimer);
      if (stream.restoreTimer) clearInterval(stream.restoreTimer);
      stream.restartTimer = stream.restoreTimer = null;
    }
    const ladder = stream.ladder;
    if (!ladder) return;
    stream.ladder = null;
    if (stream.control && !stream.ending && !this.stopped) stream.control.state = 'waiting';
    ladder.detachSource();
    for (const o of ladder.outputs) o.end();
    ladder.run.stop();
  }

  /**
   * The original's copy: live HLS of the original and the replay's recording, fed straight from
   * the source. It only remuxes, so it keeps up when the ladder cannot; it restarts (at most 3
   * times a minute) if it ever exits while the stream lasts.
   */
  private runCopy(stream: LiveStream) {
    const recorder = this.opts.recorder;
    const source = this.rtmp.sourceInfo(stream.streamPath).height;
    const recordDir = recorder?.partDir(stream.roomId, { original: source }, 'source') ?? undefined;
    let copy: Copy | null = null;
    const run = startCopy(
      this.opts.ffmpeg!,
      this.hlsRoot(stream.roomId),
      (code, stderr) => {
        if (recorder && recordDir) recorder.partEnded(stream.roomId, recordDir);
        if (!copy || stream.copy !== copy) return;
        this.stopCopy(stream);
        if (stream.ending || this.stopped) return;
        this.opts.log.warn({ room: stream.roomId, code, stderr }, 'live: the copy of the original exited');
        const now = Date.now();
        const at = stream.copyBudget.nextAllowed(now + 1000);
        stream.copyBudget.take(at);
        setTimeout(() => !stream.ending && !this.stopped && this.safely(stream, () => this.runCopy(stream)), at - now).unref();
      },
      recordDir,
    );
    const detachSource = this.rtmp.attachViewer(stream.streamPath, {
      write: (b) => {
        if (recordDir) recorder!.tap(recordDir, b);
        run.input.write(b);
      },
      end: () => run.input.end(),
    });
    if (!detachSource) {
      run.stop();
      return;
    }
    copy = { run, detachSource };
    stream.copy = copy;
  }

  private stopCopy(stream: LiveStream) {
    const copy = stream.copy;
    if (!copy) return;
    stream.copy = null;
    copy.detachSource();
    copy.run.stop();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
