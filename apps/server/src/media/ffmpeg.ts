import fs from 'node:fs';
import path from 'node:path';

/**
 * Where ffmpeg is, or null. The setting wins (`off` = none); otherwise the system's binary on
 * PATH, then the @ffmpeg-installer package when someone installed it. Without ffmpeg the site
 * still streams: only the "original" level is offered (no ladder, no HLS).
 */
export async function findFfmpeg(setting: string | undefined): Promise<string | null> {
  if (setting) {
    if (setting.toLowerCase() === 'off') return null;
    return isExecutable(setting) ? setting : null;
  }
  for (const dir of (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(path.delimiter)) {
    const candidate = path.join(dir, 'ffmpeg');
    if (isExecutable(candidate)) return candidate;
  }
  try {
    // Optional fallback: a registry package that ships a static binary. Not a dependency.
    const mod = (await import(/* @vite-ignore */ '@ffmpeg-installer/ffmpeg' as string)) as { path?: string; default?: { path?: string } };
    const p = mod.path ?? mod.default?.path;
    if (p && isExecutable(p)) return p;
  } catch {
    /* not installed */
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
