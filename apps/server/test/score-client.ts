import WebSocket from 'ws';

/** A /ws/score client for tests: keeps every frame and waits for the one a test expects. */
export class ScoreClient {
  readonly frames: any[] = [];
  private waiters: Array<{ match: (f: any) => boolean; resolve: (f: any) => void; from: number }> = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString());
      this.frames.push(f);
      for (const w of [...this.waiters]) {
        if (w.match(f)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(f);
        }
      }
    });
  }

  static async connect(url: string): Promise<ScoreClient> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new ScoreClient(ws);
  }

  send(msg: unknown) {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The first frame (already received or still to come) that matches; fails after `ms`. */
  next(match: (f: any) => boolean, ms = 5000, since = 0): Promise<any> {
    const seen = this.frames.slice(since).find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const w = { match, resolve, from: since };
      this.waiters.push(w);
      setTimeout(() => {
        const i = this.waiters.indexOf(w);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          reject(new Error(`no matching frame within ${ms} ms; got ${this.frames.length} frames: ${JSON.stringify(this.frames.map((f) => f.data?.type ?? f.code))}`));
        }
      }, ms);
    });
  }

  /** Resolves true if a matching frame comes within `ms`, false otherwise. */
  async arrives(match: (f: any) => boolean, ms: number, since = this.frames.length): Promise<boolean> {
    return this.next(match, ms, since).then(
      () => true,
      () => false,
    );
  }

  closed(): Promise<number> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve(1006);
    return new Promise((resolve) => this.ws.once('close', (code) => resolve(code)));
  }

  close() {
    this.ws.close();
    return this.closed();
  }
}

export const isMatchFrame =
  (sport: string, pred: (row: any) => boolean = () => true, snapshot?: boolean) =>
  (f: any) =>
    f.code === 100 && f.data?.type === `${sport}_match` && (snapshot === undefined || f.data.snapshot === snapshot) && f.data.list.some(pred);
