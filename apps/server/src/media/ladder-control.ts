import type { LiveLevel } from '@livesports/contracts/live';
import type { LadderPreset, Rung } from './ladder.ts';

// How the ladder lives on a machine short of CPU (issue #50). The ingest feeds this controller
// what it sees of its ffmpeg — how far the encode has got against the wall clock, how much input
// waits for it, when it exits — and asks it what to run. Rather than restarting the same encode in
// a loop, it sheds work: the cheaper x264 preset first together with the most expensive rungs, as
// many as the measured speed says, and it brings them back one at a time when the machine has been
// idle enough for a while. Every restart of a broadcast's ladder, for whatever reason, draws on one
// budget: at most MAX_RESTARTS_PER_MINUTE in any 60 s. The original never goes through here.

export const MAX_RESTARTS_PER_MINUTE = 3;
/** Encode speed (media seconds per wall second) under which the ladder is falling behind. */
const SLOW_SPEED = 0.92;
/** Speed is judged over this window, once the run has been up this long (its start is a burst). */
const SPEED_WINDOW_MS = 6_000;
const WARMUP_MS = 5_000;
/** Input waiting for ffmpeg, in seconds of the source: past this the ladder is behind, whatever it reports. */
const BACKLOG_SECONDS = 4;
/** A rung comes back only after this long without a change, and with this much of the machine idle. */
const RESTORE_AFTER_MS = 45_000;
const RESTORE_IDLE = 0.4;
/** Crash restarts wait 1 s, 2 s, 4 s … up to this. */
const MAX_BACKOFF_MS = 30_000;
/** Relative cost of a preset (x264 veryfast = 1). */
const PRESET_COST: Record<LadderPreset, number> = { veryfast: 1, ultrafast: 0.45 };
/** Decoding the source costs about this much of encoding the same pixels at veryfast. */
const DECODE_COST = 0.2;

export interface LadderPlan {
  preset: LadderPreset;
  /** The encoded rungs running, most expensive first. */
  up: Array<Rung['level']>;
}

/** What the studio and the console show of a live room's ladder (ingest.ladderHealth). */
export interface LadderHealth {
  /** Every rung of the plan: up (its encode runs, or it is the original itself) or shed for lack of CPU. */
  rungs: Array<{ level: Exclude<LiveLevel, 'original'>; height: number; up: boolean; alias: boolean }>;
  preset: LadderPreset;
  /** Ladder restarts since the broadcast began, and within the last minute (at most 3). */
  restarts: number;
  restartsLastMinute: number;
  /** Media seconds encoded per wall second over the last few seconds (1 = keeping up); null before it is known. */
  speed: number | null;
  /** running, or waiting for its next allowed start (after a crash or to shed work). */
  state: 'starting' | 'running' | 'waiting' | 'off';
}

/** Restart times of one broadcast's ladder: at most `max` in any 60 s. */
export class RestartBudget {
  private readonly times: number[] = [];
  constructor(private readonly max = MAX_RESTARTS_PER_MINUTE) {}
  /** Counted restarts in the minute before `now`. */
  recent(now: number) {
    while (this.times.length && this.times[0] <= now - 60_000) this.times.shift();
    return this.times.length;
  }
  /** The first moment from `now` on at which another restart is allowed. */
  nextAllowed(now: number) {
    return this.recent(now) < this.max ? now : this.times[this.times.length - this.max] + 60_000;
  }
  take(now: number) {
    this.times.push(now);
  }
}

/** Relative CPU cost of a plan: decoding the source plus each encode's pixel rate at its preset. */
export function planCost(rungs: Rung[], plan: LadderPlan, sourceHeight: number): number {
  const px = (h: number) => h * h;
  const encodes = rungs.filter((r) => plan.up.includes(r.level) && !r.alias).reduce((sum, r) => sum + px(r.height) * PRESET_COST[plan.preset], 0);
  return px(sourceHeight || 720) * DECODE_COST + encodes;
}

/** The full plan: every encoded rung at the usual preset, most expensive first. */
export function fullPlan(rungs: Rung[]): LadderPlan {
  return { preset: 'veryfast', up: byCost(rungs).map((r) => r.level) };
}

function byCost(rungs: Rung[]) {
  return rungs.filter((r) => !r.alias).sort((a, b) => b.height - a.height);
}

/**
 * The plan to fall back to when `plan` runs at `speed` (< 1): the cheap preset, then the most
 * expensive rungs dropped until the cost fits what the machine gave (with a margin). Null when
 * nothing is left to shed.
 */
export function shedPlan(rungs: Rung[], plan: LadderPlan, speed: number, sourceHeight: number): LadderPlan | null {
  const budget = planCost(rungs, plan, sourceHeight) * Math.max(0.05, speed) * 0.8;
  const next: LadderPlan = { preset: 'ultrafast', up: [...plan.up] };
  // Always drop at least one rung when already at the cheap preset: the same plan would just fall behind again.
  if (plan.preset === 'ultrafast' && next.up.length) next.up.shift();
  while (next.up.length && planCost(rungs, next, sourceHeight) > budget) next.up.shift();
  if (next.preset === plan.preset && next.up.length === plan.up.length) return null;
  return next;
}

/** One step back up: the cheapest shed rung returns; with every rung back, the usual preset. */
export function restorePlan(rungs: Rung[], plan: LadderPlan): LadderPlan | null {
  const shed = byCost(rungs)
    .map((r) => r.level)
    .filter((l) => !plan.up.includes(l));
  if (shed.length) {
    const back = shed[shed.length - 1];
    return {
      preset: plan.preset,
      up: byCost(rungs)
        .map((r) => r.level)
        .filter((l) => l === back || plan.up.includes(l)),
    };
  }
  return plan.preset === 'ultrafast' ? { preset: 'veryfast', up: [...plan.up] } : null;
}

/** The share of the machine's CPU time left idle since the previous call (first call: since boot). */
export function idleSampler(cpus: () => Array<{ times: { user: number; nice: number; sys: number; idle: number; irq: number } }>) {
  let last: { idle: number; total: number } | null = null;
  return () => {
    const now = cpus().reduce((a, c) => ({ idle: a.idle + c.times.idle, total: a.total + c.times.user + c.times.nice + c.times.sys + c.times.idle + c.times.irq }), { idle: 0, total: 0 });
    const prev = last ?? { idle: 0, total: 0 };
    last = now;
    const total = now.total - prev.total;
    return total > 0 ? (now.idle - prev.idle) / total : 1;
  };
}

export type ControlAction = { kind: 'none' } | { kind: 'restart'; plan: LadderPlan; at: number; reason: 'shed' | 'restore' | 'exit' };

/**
 * One broadcast's controller. The ingest reports progress, backlog and exits; the controller
 * answers with the plan to (re)start and when. Times are passed in (ms) so tests drive it.
 */
export class LadderController {
  plan: LadderPlan;
  readonly budget = new RestartBudget();
  restarts = 0;
  state: LadderHealth['state'] = 'starting';
  private runStart = 0;
  private lastChange = 0;
  private samples: Array<{ at: number; media: number }> = [];
  private crashes = 0;
  private runs = 0;
  private speedNow: number | null = null;

  constructor(
    readonly rungs: Rung[],
    private readonly sourceHeight: number,
    now: number,
  ) {
    this.plan = fullPlan(rungs);
    this.lastChange = now;
  }

  /** A run of `plan` has just started (every run after the first is a restart). */
  started(now: number) {
    if (this.runs++ > 0) this.restarts++;
    this.runStart = now;
    this.samples = [];
    this.speedNow = null;
    this.state = 'running';
  }

  /** Encoded media time reached; returns whether the run is too slow (judged over the window). */
  progress(now: number, mediaMs: number): boolean {
    this.samples.push({ at: now, media: mediaMs });
    while (this.samples.length > 2 && this.samples[1].at <= now - SPEED_WINDOW_MS) this.samples.shift();
    const first = this.samples[0];
    if (now - first.at < SPEED_WINDOW_MS - 1500) return false;
    this.speedNow = (mediaMs - first.media) / (now - first.at);
    return now - this.runStart >= WARMUP_MS && this.speedNow < SLOW_SPEED;
  }

  /** Whether the input waiting for ffmpeg means it is behind (bytes waiting, source bytes per second). */
  static behind(backlogBytes: number, bytesPerSecond: number) {
    return backlogBytes > Math.max(512 * 1024, bytesPerSecond * BACKLOG_SECONDS);
  }

  /** The run cannot keep up: shed work (a restart when the budget allows). */
  overloaded(now: number, speed = this.speedNow ?? 0.5): ControlAction {
    if (this.state === 'waiting') return { kind: 'none' };
    const next = shedPlan(this.rungs, this.plan, speed, this.sourceHeight);
    if (!next) return { kind: 'none' };
    return this.schedule(now, next, 'shed');
  }

  /** The run exited on its own: restart after a growing pause; a second crash within a minute sheds a rung too. */
  exited(now: number): ControlAction {
    const quick = now - this.runStart < 60_000;
    this.crashes = quick ? this.crashes + 1 : 1;
    const plan = this.crashes >= 2 ? (shedPlan(this.rungs, this.plan, 0.9, this.sourceHeight) ?? this.plan) : this.plan;
    const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, this.crashes - 1));
    return this.schedule(now + backoff, plan, 'exit');
  }

  /** Called now and then with the machine's idle share: a shed rung may come back. */
  maybeRestore(now: number, idle: number): ControlAction {
    if (this.state !== 'running' || now - this.lastChange < RESTORE_AFTER_MS || idle < RESTORE_IDLE) return { kind: 'none' };
    if (this.speedNow !== null && this.speedNow < 0.98) return { kind: 'none' };
    if (this.budget.nextAllowed(now) > now) return { kind: 'none' };
    const next = restorePlan(this.rungs, this.plan);
    return next ? this.schedule(now, next, 'restore') : { kind: 'none' };
  }

  private schedule(earliest: number, plan: LadderPlan, reason: 'shed' | 'restore' | 'exit'): ControlAction {
    const at = Math.max(earliest, this.budget.nextAllowed(earliest));
    this.budget.take(at);
    if (plan !== this.plan) this.lastChange = at;
    this.plan = plan;
    this.state = 'waiting';
    return { kind: 'restart', plan, at, reason };
  }

  health(now: number): LadderHealth {
    return {
      rungs: this.rungs.map((r) => ({ level: r.level, height: r.height, alias: r.alias, up: r.alias || (this.plan.up.includes(r.level) && this.state === 'running') })),
      preset: this.plan.preset,
      restarts: this.restarts,
      restartsLastMinute: this.budget.recent(now),
      speed: this.speedNow === null ? null : Math.round(this.speedNow * 100) / 100,
      state: this.state,
    };
  }
}
