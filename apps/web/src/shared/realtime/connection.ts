import type { z } from 'zod';
import { type BackoffOptions, DEFAULT_BACKOFF, backoffDelay } from './backoff';
import { Heartbeat, type HeartbeatOptions } from './heartbeat';
import { type Ack, PendingRequests, RealtimeRequestError } from './pending-requests';

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'offline';

export interface RealtimeOptions<In, P> {
  /** The address, asked again at every attempt (settings can change it; `attempt` 0 is a fresh start). */
  url: (attempt: number) => string;
  /** The frames the server may send; anything else is skipped. */
  schema: z.ZodType<In>;
  /** Runs before each socket opens (e.g. fetching a credential); a throw counts as a failed attempt. */
  prepare?: () => Promise<P>;
  /** The socket is open: log in, register, subscribe. */
  onOpen?: (prepared: P) => void;
  onFrame: (frame: In) => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** Close codes after which waiting makes no sense (e.g. the login session ended): reconnect at once. */
  reconnectAtOnce?: (code: number) => boolean;
  heartbeat: HeartbeatOptions & { frame: object };
  backoff?: BackoffOptions;
  /** Which request an incoming frame answers, if any (see request()). */
  ackOf?: (frame: In) => Ack | null;
  requestTimeoutMs?: number;
  random?: () => number;
}

/**
 * One WebSocket that stays up: it reconnects after a drop with exponential backoff (jitter, cap),
 * pings and reconnects when the server stops answering, parses every frame with the contract's
 * zod schema (a bad frame is skipped), and matches answers to requests by request id. What to say
 * after (re)connecting — a login, a resume from a sequence, a register — is the owner's onOpen.
 */
export class RealtimeConnection<In, P = void> {
  private ws: WebSocket | null = null;
  private running = false;
  private attempt = 0;
  private retry: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by every connect and stop: a slower earlier attempt that finishes later gives up. */
  private gen = 0;
  private readonly pending = new PendingRequests<In>();
  private readonly heartbeat: Heartbeat;
  status: RealtimeStatus = 'idle';

  constructor(private readonly o: RealtimeOptions<In, P>) {
    this.heartbeat = new Heartbeat(
      o.heartbeat,
      () => this.send(o.heartbeat.frame),
      () => this.dropped(),
    );
  }

  get url(): string | undefined {
    return this.ws?.url;
  }

  /** Started and not stopped (connected or trying to). */
  get active(): boolean {
    return this.running;
  }

  /** Connects (again, at once, with a fresh backoff) — also the way to log in anew. */
  start() {
    this.running = true;
    this.attempt = 0;
    this.teardown();
    void this.connect();
  }

  stop() {
    this.running = false;
    this.gen++;
    this.teardown();
    this.setStatus('idle');
  }

  /** The owner saw the connection do its job (logged in and joined): the next drop waits the shortest again. */
  resetBackoff() {
    this.attempt = 0;
  }

  isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Sends a frame if the socket is open; false when it is not. */
  send(frame: object): boolean {
    if (!this.ws || !this.isOpen()) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /**
   * Sends a frame with a request id (`rid`) and resolves with the frame that answers it; rejects
   * with RealtimeRequestError when the server refuses it, no answer comes in time, or the socket closes.
   */
  request<F extends { type: string }>(frame: F, timeoutMs = this.o.requestTimeoutMs ?? 10_000): Promise<In> {
    if (!this.isOpen()) return Promise.reject(new RealtimeRequestError('offline'));
    const rid = this.pending.nextRid();
    const answer = this.pending.wait(rid, frame.type, timeoutMs);
    this.send({ ...frame, rid });
    return answer;
  }

  private setStatus(s: RealtimeStatus) {
    if (this.status === s) return;
    this.status = s;
    this.o.onStatus?.(s);
  }

  /** Closes the current socket without reacting to its close event. */
  private teardown() {
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.heartbeat.stop();
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.pending.failAll('offline');
  }

  private scheduleReconnect() {
    if (!this.running) return;
    this.setStatus('offline');
    this.retry = setTimeout(() => void this.connect(), backoffDelay(this.attempt++, this.o.backoff ?? DEFAULT_BACKOFF, this.o.random));
  }

  /** The socket closed or stopped answering. */
  private dropped(code?: number) {
    this.teardown();
    if (!this.running) return;
    if (code !== undefined && this.o.reconnectAtOnce?.(code)) {
      this.attempt = 0;
      void this.connect();
    } else this.scheduleReconnect();
  }

  private async connect() {
    const gen = ++this.gen;
    this.setStatus('connecting');
    let prepared: P;
    try {
      prepared = this.o.prepare ? await this.o.prepare() : (undefined as P);
    } catch {
      if (gen === this.gen) this.scheduleReconnect();
      return;
    }
    if (!this.running || gen !== this.gen) return;
    const ws = new WebSocket(this.o.url(this.attempt));
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.setStatus('open');
      this.heartbeat.start();
      this.o.onOpen?.(prepared);
    };
    ws.onmessage = (e: MessageEvent) => {
      if (this.ws !== ws) return;
      this.heartbeat.alive();
      const frame = parseFrame(this.o.schema, e.data);
      if (frame === undefined) return;
      const ack = this.o.ackOf?.(frame);
      if (ack) this.pending.settle(ack, frame);
      this.o.onFrame(frame);
    };
    ws.onclose = (e: CloseEvent) => {
      if (this.ws === ws) this.dropped(e.code);
    };
  }
}

/** The frame if it is JSON and matches the schema; undefined for anything else (skipped, not thrown). */
export function parseFrame<T>(schema: z.ZodType<T>, data: unknown): T | undefined {
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch {
    return undefined;
  }
  const r = schema.safeParse(json);
  return r.success ? r.data : undefined;
}
