import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';

// The embedded RTMP server is node-media-server 4. It speaks RTMP and keeps each stream as a
// "broadcast" (headers + last GOP + subscribers). We use it for RTMP only and attach our own
// subscribers to its broadcasts, so HTTP-FLV goes out through the site's own port with our access
// checks. Everything this project touches of its internals is in this one file.
//
// Its state is module-global (one Context per process), so one process runs one ingest.

const require = createRequire(import.meta.url);

interface NmsPacket {
  codec_type: number;
  flags: number;
}
export interface NmsSession {
  id: string;
  ip: string;
  protocol: string;
  streamApp: string;
  streamName: string;
  streamPath: string;
  isPublisher: boolean;
  videoWidth: number;
  videoHeight: number;
  videoFramerate: number;
  broadcast?: NmsBroadcast;
  sendBuffer: (b: Buffer) => void;
  close: () => void;
  /** Ours: marks sessions this file created, so publish events about them are ignored. */
  internal?: boolean;
}
interface NmsBroadcast {
  publisher: NmsSession | null;
  subscribers: Map<string, NmsSession>;
  flvVideoHeader: Buffer | null;
  publishGraceMs: number;
  postPlay(s: NmsSession): string | null;
  donePlay(s: NmsSession): void;
  postPublish(s: NmsSession): string | null;
  donePublish(s: NmsSession): void;
  broadcastMessage(p: NmsPacket): void;
  getPublishStatus(): 'publishing' | 'reconnecting' | 'idle';
}
interface NmsContext {
  broadcasts: Map<string, NmsBroadcast>;
  eventEmitter: import('node:events').EventEmitter;
}
interface NmsServer {
  rtmpServer: { tcpServer?: import('node:net').Server; handleListenError: (name: string, port: number) => (err: Error) => void };
  run(): Promise<void>;
  stop(): Promise<void>;
}

const NodeMediaServer = require('node-media-server') as new (config: object) => NmsServer;
const Context = require('node-media-server/src/core/context.js') as NmsContext;
const BroadcastServer = require('node-media-server/src/server/broadcast_server.js') as new (path: string) => NmsBroadcast;
const BaseSession = require('node-media-server/src/session/base_session.js') as new () => NmsSession;
const Flv = require('node-media-server/src/protocol/flv.js') as new () => { parserData(b: Buffer): string | null; onPacketCallback: (p: NmsPacket) => void };
const nmsLogger = require('node-media-server/src/core/logger.js') as { log: (message: string, level?: string) => void; level: string };

/** A publisher as the ingest sees it. */
export interface Publisher {
  id: string;
  app: string;
  name: string;
  ip: string;
  session: NmsSession;
}

/** Where a viewer's bytes go. write returns false when the viewer cannot keep up. */
export interface FlvSink {
  write(buf: Buffer): void;
  end(): void;
}

let running: EmbeddedRtmp | null = null;

export class EmbeddedRtmp {
  private server: NmsServer | null = null;
  private readonly viewers = new Map<string, Set<NmsSession>>();
  private publishHandler: ((p: Publisher) => void) | null = null;
  private unpublishHandler: ((p: Publisher) => void) | null = null;
  private readonly onPre = (s: NmsSession) => {
    if (s.internal) return;
    // No grace window: when an encoder stops, the room goes offline at once (viewers then
    // wait for the stream to come back on their own).
    if (s.broadcast) s.broadcast.publishGraceMs = 0;
  };
  private readonly onPost = (s: NmsSession) => {
    if (!s.internal) this.publishHandler?.(toPublisher(s));
  };
  private readonly onDone = (s: NmsSession) => {
    if (!s.internal) this.unpublishHandler?.(toPublisher(s));
  };

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts RTMP on the port; resolves once listening, rejects if the port is taken. */
  async start(opts: { port: number; host: string; storeDir: string; onPublish: (p: Publisher) => void; onUnpublish: (p: Publisher) => void }) {
    if (running) throw new Error('an RTMP ingest already runs in this process');
    // One ingest per process (node-media-server keeps global state): remember which one runs.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    running = this;
    fs.mkdirSync(opts.storeDir, { recursive: true });
    this.publishHandler = opts.onPublish;
    this.unpublishHandler = opts.onUnpublish;
    // Its logger prints everything to the console at debug level (its constructor sets that); send warnings and errors to ours.
    nmsLogger.level = 'warn';
    nmsLogger.log = (message, level = 'info') => {
      if (level === 'error') this.log.error({ nms: true }, message);
      else if (level === 'warn') this.log.warn({ nms: true }, message);
    };
    const server = new NodeMediaServer({
      bind: opts.host,
      rtmp: { port: opts.port },
      // Its own JSON store (stream history) under our data dir, never ./data by itself.
      store: { path: opts.storeDir, maxHistory: 1000 },
      // Nobody plays over RTMP: viewers come through our HTTP routes. A random secret makes every
      // RTMP play request fail its signature check (our own subscribers skip that check).
      auth: { play: true, publish: false, secret: Math.random().toString(36).slice(2) + Date.now().toString(36) },
      webadmin: { enable: false },
    });
    // Its store flushes on SIGINT/SIGTERM and then raises the signal on the process again (the
    // `signals` option is not passed through from this config): the process died at once, before
    // its own close ran (serve.ts exitOnSignal), and a demo render it had started lived on. Our
    // close stops this server, which flushes the store.
    (server as unknown as { store: { options: { signals: boolean } } }).store.options.signals = false;
    // It exits the process when the port is taken; fail this start instead.
    let listenError: Error | null = null;
    server.rtmpServer.handleListenError = () => (err: Error) => {
      listenError = err;
    };
    Context.eventEmitter.on('prePublish', this.onPre);
    Context.eventEmitter.on('postPublish', this.onPost);
    Context.eventEmitter.on('donePublish', this.onDone);
    this.server = server;
    await server.run();
    const tcp = server.rtmpServer.tcpServer!;
    await new Promise<void>((resolve, reject) => {
      if (tcp.listening) return resolve();
      const check = setInterval(() => {
        if (tcp.listening) {
          clearInterval(check);
          resolve();
        } else if (listenError) {
          clearInterval(check);
          reject(listenError);
        }
      }, 10);
    }).catch(async (err) => {
      await this.stop();
      throw err;
    });
  }

  async stop() {
    if (!this.server) return;
    for (const set of this.viewers.values()) for (const s of set) s.close();
    this.viewers.clear();
    Context.eventEmitter.off('prePublish', this.onPre);
    Context.eventEmitter.off('postPublish', this.onPost);
    Context.eventEmitter.off('donePublish', this.onDone);
    await this.server.stop();
    this.server = null;
    if (running === this) running = null;
  }

  /** Whether a stream has a publisher right now. */
  isPublishing(streamPath: string): boolean {
    return Context.broadcasts.get(streamPath)?.getPublishStatus() === 'publishing';
  }

  /** Source picture size and rate from the publisher's metadata (0 until it arrives). */
  sourceInfo(streamPath: string) {
    const p = Context.broadcasts.get(streamPath)?.publisher;
    return { width: p?.videoWidth ?? 0, height: p?.videoHeight ?? 0, fps: Math.round(p?.videoFramerate ?? 0), hasVideoHeader: !!Context.broadcasts.get(streamPath)?.flvVideoHeader };
  }

  /**
   * Attaches an HTTP-FLV viewer: it gets the FLV header, metadata, codec headers and the last
   * GOP at once (so the picture starts immediately), then every packet. Null when nothing is
   * being published there.
   */
  attachViewer(streamPath: string, sink: FlvSink, beforeFirstByte?: () => void): (() => void) | null {
    const broadcast = Context.broadcasts.get(streamPath);
    if (!broadcast || broadcast.getPublishStatus() !== 'publishing') return null;
    beforeFirstByte?.();
    const session = new BaseSession();
    session.protocol = 'flv';
    session.ip = ''; // internal: no RTMP play auth, no play events
    session.streamPath = streamPath;
    session.internal = true;
    session.sendBuffer = (b) => sink.write(b);
    session.close = () => sink.end();
    let set = this.viewers.get(streamPath);
    if (!set) this.viewers.set(streamPath, (set = new Set()));
    set.add(session);
    broadcast.postPlay(session);
    let detached = false;
    return () => {
      if (detached) return;
      detached = true;
      set.delete(session);
      if (set.size === 0) this.viewers.delete(streamPath);
      broadcast.donePlay(session);
    };
  }

  /** Ends every viewer of a stream (they reconnect and find out whether it came back). */
  endViewers(streamPath: string) {
    for (const s of [...(this.viewers.get(streamPath) ?? [])]) s.close();
  }

  /**
   * An internal publisher fed with FLV bytes (a transcoder's output). Returns null when the
   * path already has a publisher.
   */
  createPublisher(streamPath: string): { write(b: Buffer): boolean; end(): void } | null {
    const broadcast = Context.broadcasts.get(streamPath) ?? new BroadcastServer(streamPath);
    Context.broadcasts.set(streamPath, broadcast);
    const session = new BaseSession();
    session.protocol = 'flv';
    session.ip = '';
    session.internal = true;
    session.streamPath = streamPath;
    [, session.streamApp, session.streamName] = streamPath.split('/');
    broadcast.publishGraceMs = 0;
    if (broadcast.postPublish(session) !== null) return null;
    const parser = new Flv();
    parser.onPacketCallback = (p) => broadcast.broadcastMessage(p);
    let ended = false;
    return {
      write: (b) => !ended && parser.parserData(b) === null,
      end: () => {
        if (ended) return;
        ended = true;
        this.endViewers(streamPath);
        broadcast.donePublish(session);
      },
    };
  }

  /** Whether this publisher is the one the stream path accepted (a second one is turned away). */
  isCurrent(p: Publisher): boolean {
    return Context.broadcasts.get(p.session.streamPath)?.publisher === p.session;
  }

  /** Disconnects a publisher (end of broadcast, key reset, rejected key). */
  closePublisher(streamPath: string) {
    Context.broadcasts.get(streamPath)?.publisher?.close();
  }
}

function toPublisher(s: NmsSession): Publisher {
  return { id: s.id, app: s.streamApp, name: s.streamName, ip: s.ip, session: s };
}
