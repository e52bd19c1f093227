import { randomUUID } from 'node:crypto';
import type { Bus } from '../platform/bus.ts';

// Who is watching, per room: HTTP-FLV connections are counted while open; HLS viewers by the
// playlist requests of the last HLS_WINDOW_MS (HLS has no connection to count). Each process
// counts its own viewers and shares the figures over the bus every few seconds, so the online
// number is the sum over every server process.

const CHANNEL = 'live:viewers';
const SHARE_MS = 3_000;
const STALE_MS = 10_000;
const HLS_WINDOW_MS = 15_000;

export class ViewerCounter {
  private readonly processId = randomUUID();
  private readonly flv = new Map<number, number>();
  private readonly hls = new Map<number, Map<string, number>>();
  private readonly remote = new Map<string, { at: number; counts: Record<string, number> }>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(private readonly bus: Bus | null) {}

  async start() {
    if (!this.bus) return;
    this.unsubscribe = await this.bus.subscribe(CHANNEL, (message) => {
      try {
        const { pid, counts } = JSON.parse(message) as { pid: string; counts: Record<string, number> };
        if (pid !== this.processId) this.remote.set(pid, { at: Date.now(), counts });
      } catch {
        /* not ours */
      }
    });
    this.timer = setInterval(() => void this.share(), SHARE_MS);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** An HTTP-FLV viewer connected; call the returned function when it leaves. */
  open(roomId: number): () => void {
    this.flv.set(roomId, (this.flv.get(roomId) ?? 0) + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      const n = (this.flv.get(roomId) ?? 1) - 1;
      if (n <= 0) this.flv.delete(roomId);
      else this.flv.set(roomId, n);
    };
  }

  /**
   * A viewer seen now without a connection to count: an HLS playlist request (`who`: address and
   * browser, the same for every quality level, so switching level is still one viewer) or a demo
   * fan in a demo room. Counted for HLS_WINDOW_MS after the last sighting.
   */
  touchHls(roomId: number, who: string) {
    let m = this.hls.get(roomId);
    if (!m) this.hls.set(roomId, (m = new Map()));
    m.set(who, Date.now());
  }

  /** Viewers of this process. */
  local(roomId: number): number {
    let n = this.flv.get(roomId) ?? 0;
    const m = this.hls.get(roomId);
    if (m) {
      const cutoff = Date.now() - HLS_WINDOW_MS;
      for (const [who, at] of m) {
        if (at < cutoff) m.delete(who);
        else n += 1;
      }
      if (m.size === 0) this.hls.delete(roomId);
    }
    return n;
  }

  /** Viewers over every process. */
  online(roomId: number): number {
    let n = this.local(roomId);
    const cutoff = Date.now() - STALE_MS;
    for (const [pid, entry] of this.remote) {
      if (entry.at < cutoff) this.remote.delete(pid);
      else n += entry.counts[roomId] ?? 0;
    }
    return n;
  }

  /** Forgets a room's HLS viewers (the stream ended). */
  reset(roomId: number) {
    this.hls.delete(roomId);
  }

  private async share() {
    const counts: Record<string, number> = {};
    for (const id of new Set([...this.flv.keys(), ...this.hls.keys()])) {
      const n = this.local(id);
      if (n > 0) counts[id] = n;
    }
    await this.bus?.publish(CHANNEL, JSON.stringify({ pid: this.processId, counts })).catch(() => undefined);
  }
}
