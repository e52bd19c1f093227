// A plausible drag for tests and the e2e suite that must get past the captcha through the API.
// No imports on purpose: other workspaces (e2e, bench) can load this file on its own.

/**
 * A drag from (0, 0) to (x, y) the way a hand does it: it eases in and out over ~0.4–0.8 s,
 * overshoots by a couple of pixels and settles back, with uneven sample spacing and a little
 * wobble. Ends exactly at [x, y, t], so it passes the service's trace rules for that drop.
 */
export function humanTrace(x: number, y = 0): [number, number, number][] {
  const samples = 24 + Math.floor(Math.random() * 12);
  const overshoot = 1 + Math.random() * 2;
  const trace: [number, number, number][] = [[0, 0, 0]];
  let t = 0;
  let wobble = 0;
  for (let i = 1; i <= samples; i++) {
    const p = i / samples;
    // Smoothstep: slow start, fast middle, slow finish, so the speed varies by construction.
    const eased = p * p * (3 - 2 * p);
    t += 8 + Math.random() * 16;
    wobble += Math.round((Math.random() - 0.5) * 2);
    const tenth = (v: number) => Math.round(v * 10) / 10;
    trace.push([tenth(eased * (x + Math.sign(x) * overshoot)), tenth(eased * y + Math.max(-2, Math.min(2, wobble))), Math.round(t)]);
  }
  t += 40 + Math.random() * 60;
  trace.push([x, y, Math.round(t)]);
  return trace;
}
