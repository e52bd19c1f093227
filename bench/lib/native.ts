// The benches' C programs (bench/native/): compiled once per checkout with the machine's C compiler.
// wsload.c, the load generator, runs as child processes that speak one line per command over
// stdin/stdout; loopback-floor.c measures what the kernel charges for a fan-out with no server.
import { type ChildProcessByStdio, execFileSync, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Path of bench/native/<name>.c compiled, or null when this machine has no C compiler. */
export function compileNative(name: string): string | null {
  const source = path.join(here, `../native/${name}.c`);
  const binary = path.join(here, `../.tmp/${name}`);
  try {
    if (fs.existsSync(binary) && fs.statSync(binary).mtimeMs >= fs.statSync(source).mtimeMs) return binary;
    fs.mkdirSync(path.dirname(binary), { recursive: true });
    execFileSync(process.env.CC ?? 'cc', ['-O2', '-o', binary, source], { stdio: ['ignore', 'ignore', 'inherit'] });
    return binary;
  } catch {
    return null;
  }
}

/** Path of the compiled load generator, or null when this machine has no C compiler. */
export const nativeLoader = () => compileNative('wsload');

/**
 * The kernel's floor for one fan-out on this machine: milliseconds for one thread to write one
 * `bytes`-byte segment to each of `sockets` loopback TCP sockets until a reader has them all
 * (loopback-floor.c, no server software), one figure per round. Null without a C compiler.
 */
export function loopbackFloor(sockets: number, bytes: number, rounds = 15): number[] | null {
  const bin = compileNative('loopback-floor');
  if (!bin) return null;
  try {
    const out = execFileSync(bin, [String(sockets), String(bytes), String(rounds)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 120_000 });
    return out.trim().split('\n').map(Number);
  } catch {
    return null;
  }
}

export interface NativeProcess {
  child: ChildProcessByStdio<Writable, Readable, null>;
  /** The next line the program prints. */
  line(): Promise<string>;
  /** Sends a command and returns the line(s) it answers with. */
  ask(command: string, lines?: number): Promise<string[]>;
  close(): void;
}

export function runNative(args: string[]): NativeProcess {
  const bin = nativeLoader();
  if (!bin) throw new Error('no C compiler for the native load generator');
  const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: Array<(line: string) => void> = [];
  const buffered: string[] = [];
  readline.createInterface({ input: child.stdout }).on('line', (l) => {
    const w = waiting.shift();
    if (w) w(l);
    else buffered.push(l);
  });
  let exited: Error | null = null;
  child.on('exit', (code) => {
    exited = new Error(`wsload exited ${code}`);
    for (const w of waiting.splice(0)) w('');
  });
  const line = () =>
    new Promise<string>((resolve, reject) => {
      const l = buffered.shift();
      if (l !== undefined) return resolve(l);
      if (exited) return reject(exited);
      waiting.push((x) => (exited && !x ? reject(exited) : resolve(x)));
    });
  return {
    child,
    line,
    async ask(command, lines = 1) {
      child.stdin.write(`${command}\n`);
      const out: string[] = [];
      for (let i = 0; i < lines; i++) out.push(await line());
      return out;
    },
    close() {
      if (child.exitCode === null) child.stdin.write('close\n');
    },
  };
}
