// Debian's wrk (C, epoll) as the HTTP load generator for the rows where autocannon is the limit.
// autocannon runs in one Node thread and tops out near 30,000 req/s on this machine: against an
// nginx cache it measures autocannon, not nginx. wrk costs a fraction per request, so the proxy
// rows show the proxy. The bench installs it from Debian when it may (root with apt-get), as it
// does nginx.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const WRK = process.env.BENCH_WRK ?? '/usr/bin/wrk';

/** Null when wrk is here (installed from Debian first when it is not and this process may); else what to do. */
export function wrkMissing(): string | null {
  if (!fs.existsSync(WRK) && !process.env.BENCH_WRK && process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('installing wrk from Debian (apt-get) for the caching-proxy rows');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'wrk'], { stdio: 'ignore', env });
    if (!fs.existsSync(WRK)) {
      spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
      spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'wrk'], { stdio: 'ignore', env });
    }
  }
  return fs.existsSync(WRK) ? null : `wrk not found at ${WRK}: install it with \`apt-get install wrk\`, or set BENCH_WRK to its path`;
}

export interface WrkCall {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  bytes: number;
}

/** Milliseconds of a wrk duration ("812.00us", "1.20ms", "2.01s"). */
function ms(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000;
}

/** Bytes of a wrk size ("1.53MB"). */
function bytes(text: string): number {
  const m = /^([\d.]+)([KMG]?B)$/.exec(text.trim());
  if (!m) return NaN;
  return Number(m[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[m[2] as 'B'];
}

/** wrk's printed report as figures. */
function parseWrk(out: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN);
  const p50 = ms(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const p99 = ms(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '');
  const perSec = bytes(/Transfer\/sec:\s+(\S+)/.exec(out)?.[1] ?? '');
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = non2xx + (socket ? socket.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
  return { rps, p50, p99, errors, bytes: perSec / Math.max(1, rps) };
}

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => execFile(WRK, args, { encoding: 'utf8', timeout: 120_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout))));
}

/**
 * One call at `connections` for `seconds`, with the headers a browser sends (wrk -H), after a
 * one-second warm-up; one wrk thread, so the generator takes one core as autocannon does.
 */
export async function wrkLoad(origin: string, call: WrkCall, headers: Record<string, string>, connections: number, seconds: number): Promise<WrkResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-wrk-'));
  try {
    const script = path.join(dir, 'call.lua');
    // The method and body go in a script (wrk has no flag for them); for the bench's ASCII bodies JSON.stringify's quoting is valid Lua quoting.
    fs.writeFileSync(script, `wrk.method = ${JSON.stringify(call.method)}\n${call.body ? `wrk.body = ${JSON.stringify(call.body)}\n` : ''}`);
    const head = Object.entries({ ...headers, ...(call.body ? { 'content-type': 'application/json' } : {}) }).flatMap(([k, v]) => ['-H', `${k}: ${v}`]);
    const url = origin + call.path;
    await run(['-t1', `-c${Math.min(10, connections)}`, '-d1s', '-s', script, ...head, url]);
    return parseWrk(await run(['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', '-s', script, ...head, url]));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
