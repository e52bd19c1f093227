/** Why a request did not get its answer: the server refused it (message), it timed out, or the socket went away. */
export class RealtimeRequestError extends Error {
  constructor(
    readonly reason: 'refused' | 'timeout' | 'offline',
    message: string = reason,
  ) {
    super(message);
    this.name = 'RealtimeRequestError';
  }
}

/** What an incoming frame answers: the request kind, the echoed request id if any, and an error text if refused. */
export interface Ack {
  kind: string;
  rid?: number;
  error?: string;
}

interface Entry<T> {
  rid: number;
  kind: string;
  resolve: (frame: T) => void;
  reject: (err: RealtimeRequestError) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Requests waiting for their answer. An answer that carries the request id settles that request;
 * one without (a server that does not echo ids) settles the oldest request of its kind, which is
 * right as long as the server answers one client's frames in order.
 */
export class PendingRequests<T> {
  private entries: Entry<T>[] = [];
  private lastRid = 0;

  nextRid(): number {
    return ++this.lastRid;
  }

  wait(rid: number, kind: string, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => this.take((e) => e.rid === rid)?.reject(new RealtimeRequestError('timeout')), timeoutMs);
      this.entries.push({ rid, kind, resolve, reject, timer });
    });
  }

  /** Settles the request this answer belongs to; false when none waits for it. */
  settle(ack: Ack, frame: T): boolean {
    const e = ack.rid !== undefined ? this.take((x) => x.rid === ack.rid) : this.take((x) => x.kind === ack.kind);
    if (!e) return false;
    if (ack.error !== undefined) e.reject(new RealtimeRequestError('refused', ack.error));
    else e.resolve(frame);
    return true;
  }

  failAll(reason: 'timeout' | 'offline') {
    for (const e of this.entries.splice(0)) {
      clearTimeout(e.timer);
      e.reject(new RealtimeRequestError(reason));
    }
  }

  get size() {
    return this.entries.length;
  }

  private take(match: (e: Entry<T>) => boolean): Entry<T> | undefined {
    const i = this.entries.findIndex(match);
    if (i < 0) return undefined;
    const [e] = this.entries.splice(i, 1);
    clearTimeout(e.timer);
    return e;
  }
}
