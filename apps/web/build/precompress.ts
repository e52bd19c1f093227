import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Brotli and gzip copies of the built scripts, styles and texts (x.js.br, x.js.gz), made once at
// build time at the highest levels: the server sends them as they are (@fastify/static
// preCompressed, platform/web.ts) instead of compressing every asset on every request, which on
// a 2-core machine took CPU from the sockets at kick-off, and gave a lower ratio.

const COMPRESSIBLE = /\.(js|mjs|css|json|svg|html|webmanifest|txt)$/;
const MIN_BYTES = 1024;

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const file = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(file);
          else if (COMPRESSIBLE.test(entry.name)) {
            const body = fs.readFileSync(file);
            if (body.length < MIN_BYTES) continue;
            fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
            fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
          }
        }
      };
      walk(path.join(outDir, 'assets'));
    },
  };
}
