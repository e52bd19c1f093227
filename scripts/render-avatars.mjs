// Renders the preset avatars (apps/web/public/avatars/N.svg, the addresses users keep) as 192 px
// WebP renditions next to them, which the page shows instead (shared/ui/avatar.tsx): each SVG
// <img> makes the browser build a separate SVG document, ~12 ms of a phone's main thread per
// avatar on a room's chat or a home's cards (issue #16). The renditions are committed; run this
// (`node scripts/render-avatars.mjs`, needs ffmpeg with librsvg, as Debian's has) after changing
// an SVG.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public', 'avatars');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
  const out = path.join(dir, file.replace(/\.svg$/, '.webp'));
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-width', '192', '-height', '192', '-i', path.join(dir, file), '-c:v', 'libwebp', '-quality', '85', out]);
  console.log(path.relative(process.cwd(), out));
}
