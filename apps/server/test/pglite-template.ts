import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/client.ts';

// A fresh PGlite data dir costs an initdb and every migration (~5 s on a quiet machine, 20 s and
// more under CI's load); a copy of one already migrated costs a file copy. The template is kept
// in .tmp/pglite-template/<key>, the key naming the migrations and the PGlite version, so a new
// migration or upgrade makes a new one and a run never opens a stale schema.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const migrations = path.join(here, '../src/db/migrations');

function templateKey(): string {
  const hash = createHash('sha256');
  const pglite = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(`${path.relative(migrations, p)}\n`).update(fs.readFileSync(p));
    }
  };
  walk(migrations);
  return hash.digest('hex').slice(0, 16);
}

/** The path of a migrated, closed PGlite database (a `pglite` dir), made once per schema. */
export async function pgliteTemplate(): Promise<string> {
  const base = path.join(root, '.tmp/pglite-template');
  const ready = path.join(base, templateKey());
  if (fs.existsSync(path.join(ready, 'pglite'))) return path.join(ready, 'pglite');
  fs.mkdirSync(base, { recursive: true });
  const building = fs.mkdtempSync(path.join(base, 'building-'));
  const database = await openDatabase({ dataDir: building });
  await database.close();
  try {
    // Whole or not at all: a run beside this one either sees the finished template or makes its own.
    fs.renameSync(building, ready);
  } catch {
    fs.rmSync(building, { recursive: true, force: true });
  }
  return path.join(ready, 'pglite');
}

/**
 * A data dir of a test's own (for a site it starts as a child process). On PGlite runs it holds a
 * copy of the migrated template (TEST_PGLITE_TEMPLATE, set by global-setup.ts), so the site opens
 * a ready database instead of making one.
 */
export function ownDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (template && !process.env.TEST_DATABASE_URL) fs.cpSync(template, path.join(dir, 'pglite'), { recursive: true });
  return dir;
}
