// Builds the web app into apps/web/dist. With --if-missing (npm postinstall, npm start) it only
// builds when dist is absent or older than the sources, so a second start is instant.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const index = path.join(webDir, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function webIsFresh() {
  if (!fs.existsSync(index)) return false;
  const built = fs.statSync(index).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(webDir, 'src')),
    newestMtime(path.join(webDir, 'public')),
    newestMtime(path.join(root, 'packages/contracts/src')),
    fs.existsSync(path.join(webDir, 'index.html')) ? fs.statSync(path.join(webDir, 'index.html')).mtimeMs : 0,
  );
  return built >= sources;
}

export function buildWeb() {
  if (!fs.existsSync(path.join(webDir, 'vite.config.ts'))) {
    console.log('web: no vite.config.ts yet, skipping build');
    return;
  }
  console.log('web: building apps/web …');
  const res = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-missing') && webIsFresh()) process.exit(0);
  buildWeb();
}
