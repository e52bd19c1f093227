import { describe, expect, it } from 'vitest';
import { planLadder } from './ladder.ts';
import { idleSampler, LadderController, restorePlan, RestartBudget, shedPlan } from './ladder-control.ts';

const hd1080 = planLadder({ width: 1920, height: 1080, fps: 30 });
const hd720 = planLadder({ width: 1280, height: 720, fps: 30 });

describe('the restart budget', () => {
  it('allows at most 3 restarts in any minute, the 4th when the oldest is a minute old', () => {
    const b = new RestartBudget();
    for (const t of [0, 1000, 2000]) {
      expect(b.nextAllowed(t)).toBe(t);
      b.take(t);
    }
    expect(b.recent(2500)).toBe(3);
    expect(b.nextAllowed(2500)).toBe(60_000);
    expect(b.nextAllowed(60_001)).toBe(60_001);
    expect(b.recent(60_001)).toBe(2);
  });
});

describe('shedding', () => {
  it('goes to the cheap preset and drops the most expensive rungs first, as many as the speed asks', () => {
    const full = { preset: 'veryfast' as const, up: ['hd', 'sd', 'smooth'] as Array<'hd' | 'sd' | 'smooth'> };
    // A little behind: the cheap preset alone is enough.
    expect(shedPlan(hd1080, full, 0.85, 1080)).toEqual({ preset: 'ultrafast', up: ['hd', 'sd', 'smooth'] });
    // Far behind: HD goes first, then SD.
    expect(shedPlan(hd1080, full, 0.5, 1080)).toEqual({ preset: 'ultrafast', up: ['sd', 'smooth'] });
    expect(shedPlan(hd1080, full, 0.35, 1080)?.up).toEqual(['smooth']);
    expect(shedPlan(hd1080, full, 0.2, 1080)?.up).toEqual([]);
    // Already cheap: at least one rung goes, the most expensive.
    expect(shedPlan(hd1080, { preset: 'ultrafast', up: ['hd', 'sd', 'smooth'] }, 0.9, 1080)?.up).toEqual(['sd', 'smooth']);
    // Nothing left to shed.
    expect(shedPlan(hd1080, { preset: 'ultrafast', up: [] }, 0.2, 1080)).toBeNull();
  });

  it('never counts the alias (a 720p push: HD is the original itself)', () => {
    const c = new LadderController(hd720, 720, 0);
    expect(c.plan.up).toEqual(['sd', 'smooth']);
    expect(c.health(0).rungs.find((r) => r.level === 'hd')).toMatchObject({ alias: true, up: true });
  });

  it('brings back the cheapest shed rung first, the usual preset last', () => {
    const plan = { preset: 'ultrafast' as const, up: [] as Array<'hd' | 'sd' | 'smooth'> };
    const steps = [];
    for (let p = restorePlan(hd1080, plan); p; p = restorePlan(hd1080, p)) steps.push(p);
    expect(steps).toEqual([
      { preset: 'ultrafast', up: ['smooth'] },
      { preset: 'ultrafast', up: ['sd', 'smooth'] },
      { preset: 'ultrafast', up: ['hd', 'sd', 'smooth'] },
      { preset: 'veryfast', up: ['hd', 'sd', 'smooth'] },
    ]);
  });
});

describe('the controller', () => {
  /** Feeds progress once a second at `speed` from `from` for `seconds`; returns the first time it judged the run too slow. */
  function feed(c: LadderController, from: number, seconds: number, speed: number, media0 = 0) {
    for (let i = 0; i <= seconds; i++) if (c.progress(from + i * 1000, media0 + i * 1000 * speed)) return from + i * 1000;
    return null;
  }

  it('judges a run too slow from its speed after the warm-up, not from its start burst', () => {
    const c = new LadderController(hd1080, 1080, 0);
    c.started(0);
    expect(feed(c, 0, 20, 1)).toBeNull();
    const d = new LadderController(hd1080, 1080, 0);
    d.started(0);
    const slow = feed(d, 0, 20, 0.5)!;
    expect(slow).toBeGreaterThanOrEqual(5000);
    expect(slow).toBeLessThanOrEqual(7000);
    expect(d.health(slow).speed).toBeCloseTo(0.5, 1);
  });

  it('restarts a crashing or starved ladder at most 3 times a minute, shedding on the way', () => {
    const c = new LadderController(hd1080, 1080, 0);
    c.started(0);
    const starts: number[] = [];
    let now = 0;
    // The worst case: every run dies at once, for three minutes.
    while (now < 180_000) {
      const a = c.exited(now);
      if (a.kind !== 'restart') break;
      starts.push(a.at);
      now = a.at;
      c.started(now);
      now += 100;
    }
    for (const t of starts) expect(starts.filter((x) => x > t - 60_000 && x <= t).length).toBeLessThanOrEqual(3);
    // It shed work instead of trying the same thing again and again.
    expect(c.plan.preset).toBe('ultrafast');
    expect(c.plan.up.length).toBeLessThan(3);
    expect(c.health(now).restartsLastMinute).toBeLessThanOrEqual(3);
  });

  it('sheds once per overload and waits; brings a rung back only when idle and stable', () => {
    const c = new LadderController(hd1080, 1080, 0);
    c.started(0);
    feed(c, 0, 8, 0.4);
    const a = c.overloaded(8000);
    expect(a).toMatchObject({ kind: 'restart', reason: 'shed', at: 8000 });
    // While waiting for the restart, more overload reports change nothing.
    expect(c.overloaded(8500).kind).toBe('none');
    c.started(9000);
    expect(
      c
        .health(9000)
        .rungs.filter((r) => !r.up)
        .map((r) => r.level),
    ).toContain('hd');
    feed(c, 9000, 60, 1);
    // Busy machine: nothing comes back.
    expect(c.maybeRestore(70_000, 0.1).kind).toBe('none');
    const back = c.maybeRestore(70_000, 0.8);
    expect(back.kind).toBe('restart');
    if (back.kind === 'restart') expect(back.plan.up.length).toBe(a.kind === 'restart' ? a.plan.up.length + 1 : 0);
  });

  it('reads the idle share of the machine between two calls', () => {
    let idle = 0;
    let busy = 0;
    const s = idleSampler(() => [{ times: { user: busy, nice: 0, sys: 0, idle, irq: 0 } }]);
    s();
    idle += 300;
    busy += 100;
    expect(s()).toBeCloseTo(0.75);
  });

  it('tells a backlog of input from a normal pipe', () => {
    expect(LadderController.behind(100_000, 400_000)).toBe(false);
    expect(LadderController.behind(2_000_000, 400_000)).toBe(true);
  });
});
