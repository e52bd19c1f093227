import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';

/** The match-feed token the cluster site takes (api/feed/*). */
export const FEED_TOKEN = 'bench-cluster-feed-token';

/** A process's children (Linux lists them): the primary's socket processes. */
export function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Forks a bench script under tsx and resolves with its first IPC message (it is ready). */
export function start(file: string, args: string[] = [], env: Record<string, string> = {}): Promise<{ child: ChildProcess; msg: any }> {
  const child = fork(file, args, { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (msg) => resolve({ child, msg }));
    child.once('exit', (code) => reject(new Error(`${file} ${args[0] ?? ''} exited ${code}`)));
  });
}

export const ask = (child: ChildProcess, msg: object) =>
  new Promise<any>((resolve) => {
    child.once('message', resolve);
    child.send(msg);
  });

export const stop = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null ? r(null) : (child.once('exit', r), child.kill('SIGTERM'))));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** p-th percentile of ascending numbers. */
export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

export const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '–');
