// `npm start`: build the web app if its sources changed, then run the server with the embedded
// defaults (PGlite under ./data, in-process bus, mail outbox, local uploads) and demo data, its
// sockets held by one process per core (WORKERS, unless set: see apps/server/src/cluster/).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb, webIsFresh } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!webIsFresh()) buildWeb();

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WORKERS: process.env.WORKERS || String(os.availableParallelism()) },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
