import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server message catalogue (namespace 'msg') is registered by importing shared/i18n/messages.ts,
// which the home page leaves out on purpose. A file that shows msg: texts must import it itself,
// or the page shows raw keys like "economy.noble_knight" whenever no other chunk loaded it first.
const src = path.resolve(__dirname, '../..');

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return files(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("the 'msg' namespace", () => {
  it('is registered by every file that uses it', () => {
    const missing = files(src).filter((f) => {
      const text = fs.readFileSync(f, 'utf8');
      return /['`"]msg:[a-z]/.test(text) && !/i18n\/messages['"]/.test(text) && !f.endsWith(path.join('i18n', 'messages.ts'));
    });
    expect(missing.map((f) => path.relative(src, f))).toEqual([]);
  });
});
