// `npm run dev`: the server with reload on every change of its code (tsx watch, port 8080) and the
// web app from Vite with hot module replacement (http://localhost:5173, which proxies the API,
// sockets, media and uploads to the server). One command, both logs, Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  ['server', spawn(npm, ['run', 'dev', '-w', 'apps/server'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env })],
  ['web', spawn(npm, ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env })],
];
for (const [name, child] of children) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  child.on('exit', (code) => {
    process.stdout.write(`[${name}] exited ${code}\n`);
    stop(code ?? 0);
  });
}
let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const [, child] of children) child.kill('SIGINT');
  setTimeout(() => process.exit(code), 2000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
