// `npm run call-refs`: writes apps/web/src/shared/api/call-refs.ts, every call of the public API by
// method and path only, typed by its contract (packages/contracts). The web app names calls through
// it, so a page's chunks never build the contracts' zod schemas just to learn a URL: on a phone at
// 4× slowdown the live room spent ~400 ms of its start doing so. call-refs.test.ts fails when the
// file is stale (a call added, renamed or moved).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callRefsSource } from '../packages/contracts/src/call-refs-source.ts';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'src', 'shared', 'api', 'call-refs.ts');
const text = callRefsSource();
fs.writeFileSync(out, text);
console.log(`wrote ${path.relative(process.cwd(), out)}: ${text.split('\n').filter((l) => l.startsWith('export const')).length} calls`);
