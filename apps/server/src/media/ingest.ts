import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveLevel } from '@livesports/contracts/live';
import type { Bus } from '../platform/bus.ts';
import { type LadderRun, planLadder, type Rung, startLadder } from './ladder.ts';
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
const MAX_LADDER_RESTARTS = 5;
/** A transcoder this far behind its input is restarted rather than left to buffer forever. */
const MAX_LADDER_BACKLOG = 16 * 1024 * 1024;

interface Ladder {
  run: LadderRun;
  rungs: Rung[];
  detachSource: () => void;
  outputs: Array<{ end(): void }>;
}

interface LiveStream {
  roomId: number;
  publisher: Publisher;
  streamPath: string;
  peak: number;
  ladder: Ladder | null;
  rungs: Rung[] | null;
  restarts: number;
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
    for (const s of this.byRoom.values()) this.stopLadder(s);
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
  streams(): Array<{ roomId: number; transcoding: boolean; restarts: number }> {
    return [...this.byRoom.values()].map((s) => ({ roomId: s.roomId, transcoding: s.ladder !== null, restarts: s.restarts }));
  }

  /** The stream's measured figures and its rungs, or null when this process does not receive the room. */
  health(roomId: number): IngestHealth | null {
    const s = this.byRoom.get(roomId);
    if (!s) return null;
    const info = this.rtmp.sourceInfo(s.streamPath);
    return { since: s.since, width: info.width, height: info.height, reading: s.meter.read(), rungs: this.rungsUp(s), restarts: s.restarts };
  }

  /**
   * Which rungs viewers can watch now: the original always, a ladder rung while its broadcast has
   * a publisher with a picture (a rung as tall as the source is the original). The one place that
   * reads rung state, so a ladder that sheds rungs under load shows here as rungs down.
   */
  private rungsUp(s: LiveStream) {
    return this.levels(s.roomId).map(({ level, height }) => {
      const path = this.flvPath(s.roomId, level);
      const up = level === 'original' || (s.ladder !== null && path !== null && this.rtmp.isPublishing(path) && this.rtmp.sourceInfo(path).hasVideoHeader);
      return { level, height, up };
    });
  }

  /** The levels a live room has now, with heights once the ladder is planned. */
  levels(roomId: number): Array<{ level: LiveLevel; height: number }> {
    const s = this.byRoom.get(roomId);
    const source = s ? this.rtmp.sourceInfo(s.streamPath).height : 0;
    if (!this.ladderEnabled) return [{ level: 'original', height: source }];
    const rungs = s?.rungs ?? null;
    return [{ level: 'original', height: source }, ...(['hd', 'sd', 'smooth'] as const).map((level) => ({ level, height: rungs?.find((r) => r.level === level)?.height ?? 0 }))];
  }

  /** The broadcast an HTTP-FLV viewer of this level attaches to, or null when not available. */
  flvPath(roomId: number, level: LiveLevel): string | null {
    const s = this.byRoom.get(roomId);
    if (!s) return null;
    const rung = s.rungs?.find((r) => r.level === level);
    if (level === 'original' || rung?.alias) return s.streamPath;
    if (!this.ladderEnabled) return null;
    return `/ladder/${roomId}_${level}`;
  }

  /** Attaches an HTTP-FLV viewer to a level's broadcast (see EmbeddedRtmp.attachViewer). */
  attachViewer(streamPath: string, sink: FlvSink, beforeFirstByte?: () => void) {
    return this.rtmp.attachViewer(streamPath, sink, beforeFirstByte);
  }

  /** The directory holding this level's HLS playlist and segments. */
  hlsDir(roomId: number, level: LiveLevel): string | null {
    const s = this.byRoom.get(roomId);
    if (!s || !this.ladderEnabled) return null;
    const rung = s.rungs?.find((r) => r.level === level);
    return path.join(this.hlsRoot(roomId), level === 'original' || rung?.alias ? 'original' : level);
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
      rungs: null,
      restarts: 0,
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
    const info = this.rtmp.sourceInfo(stream.streamPath);
    stream.rungs = planLadder(info);
    this.runLadder(stream);
  }

  private runLadder(stream: LiveStream) {
    const rungs = stream.rungs!;
    const recorder = this.opts.recorder;
    // The heights are known from the plan: the recorder need not probe each level's first segment.
    const heights = Object.fromEntries(this.levels(stream.roomId).map((l) => [l.level, l.height]));
    const recordDir = recorder?.partDir(stream.roomId, heights) ?? undefined;
    const run = startLadder(
      this.opts.ffmpeg!,
      rungs,
      this.hlsRoot(stream.roomId),
      (code, stderr) => {
        if (stream.ladder?.run !== run) return;
        this.stopLadder(stream);
        if (stream.ending || this.stopped) return;
        this.opts.log.warn({ room: stream.roomId, code, stderr }, 'live: transcoder exited');
        if (stream.restarts++ < MAX_LADDER_RESTARTS) setTimeout(() => !stream.ending && !this.stopped && this.runLadder(stream), 1000).unref();
      },
      recordDir,
    );
    if (recorder && recordDir) run.process.once('exit', () => recorder.partEnded(stream.roomId, recordDir));
    const outputs: Array<{ end(): void }> = [];
    for (const [level, out] of run.outputs) {
      const publisher = this.rtmp.createPublisher(`/ladder/${stream.roomId}_${level}`);
      if (!publisher) continue;
      out.on('data', (b: Buffer) => publisher.write(b));
      out.on('error', () => undefined);
      outputs.push(publisher);
    }
    const detachSource = this.rtmp.attachViewer(stream.streamPath, {
      write: (b) => {
        if (run.input.writableLength > MAX_LADDER_BACKLOG) {
          this.opts.log.warn({ room: stream.roomId }, 'live: transcoder fell behind, restarting it');
          run.stop();
          return;
        }
        if (recordDir) recorder!.tap(recordDir, b);
        run.input.write(b);
      },
      end: () => run.input.end(),
    });
    if (!detachSource) {
      run.stop();
      for (const o of outputs) o.end();
      return;
    }
    stream.ladder = { run, rungs, detachSource, outputs };
  }

  private stopLadder(stream: LiveStream) {
    const ladder = stream.ladder;
    if (!ladder) return;
    stream.ladder = null;
    ladder.detachSource();
    for (const o of ladder.outputs) o.end();
    ladder.run.stop();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
