/** Ping every `everyMs`; a server that then stays silent `timeoutMs` is taken for gone. */
export interface HeartbeatOptions {
  everyMs: number;
  timeoutMs: number;
}

/**
 * Sends a ping at an interval and calls `onTimeout` when nothing at all arrived within `timeoutMs`
 * of a ping. A half-open socket (a NAT dropped it, a laptop slept) never fires `close` by itself;
 * this is what notices it.
 */
export class Heartbeat {
  private interval: ReturnType<typeof setInterval> | null = null;
  private deadline: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly o: HeartbeatOptions,
    private readonly ping: () => void,
    private readonly onTimeout: () => void,
  ) {}

  start() {
    this.stop();
    this.interval = setInterval(() => {
      this.ping();
      this.deadline ??= setTimeout(() => {
        this.stop();
        this.onTimeout();
      }, this.o.timeoutMs);
    }, this.o.everyMs);
  }

  /** Any frame from the server shows it is alive. */
  alive() {
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = null;
  }

  stop() {
    if (this.interval) clearInterval(this.interval);
    this.alive();
    this.interval = null;
  }
}
