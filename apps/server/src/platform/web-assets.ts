import fs from 'node:fs/promises';
import path from 'node:path';

// The web build's hashed files (dist/assets) from memory. A live room's first load asks for about a
// hundred of them at once over the browser's six connections; @fastify/static answered ~600 a
// second on this machine (each request lists the 700-file folder to check the name's spelling, then
// stats and streams the file), so the last of them arrived 1.5 s after the first. A hashed name never
// changes its content, so a file read once is good until the process ends; a name the build did not
// write is a miss (the caller's 404). Bounded: past MAX_BYTES, files are read but not kept.

/** What a browser may ask for, by the build's file names: letters, digits, `-`, `_`, one or more dots. */
const NAME = /^[\w-]+(?:\.[\w-]+)+$/;
const MAX_BYTES = 96 * 1024 * 1024;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

export type AssetEncoding = 'br' | 'gzip' | 'identity';

export interface Asset {
  type: string;
  /** The file as built, and its brotli / gzip copies where the build wrote them (apps/web/build/precompress.ts). */
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
}

/** The encoding to send: brotli, else gzip, when the client accepts it (q=0 refuses) and the copy exists. */
export function pickEncoding(acceptEncoding: string | undefined, asset: Asset): AssetEncoding {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (asset.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (asset.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return 'identity';
}

const readOrNull = (file: string) => fs.readFile(file).catch(() => null);

export function webAssets(dir: string) {
  const kept = new Map<string, Asset>();
  let keptBytes = 0;
  return {
    /** The asset by its file name, or null when there is no such file (or the name is not one). */
    async get(name: string): Promise<Asset | null> {
      const hit = kept.get(name);
      if (hit) return hit;
      const type = TYPES[path.extname(name)];
      if (!NAME.test(name) || !type) return null;
      const file = path.join(dir, name);
      const body = await readOrNull(file);
      if (!body) return null;
      const [br, gzip] = await Promise.all([readOrNull(`${file}.br`), readOrNull(`${file}.gz`)]);
      const asset = { type, body, br, gzip };
      const size = body.length + (br?.length ?? 0) + (gzip?.length ?? 0);
      if (keptBytes + size <= MAX_BYTES) {
        kept.set(name, asset);
        keptBytes += size;
      }
      return asset;
    },
  };
}
