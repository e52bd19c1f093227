import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every namespace must exist in zh, en and es with the same keys, and no text may be empty.
const LANGS = ['zh', 'en', 'es'] as const;
const root = path.dirname(new URL(import.meta.url).pathname);

/** Flattens nested objects and arrays to dotted keys: { a: { b: 'x' }, c: [{ d: 'y' }] } → a.b, c.0.d */
export function flatten(value: unknown, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
    if (entries.length === 0) out[prefix] = value;
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = value;
  }
  return out;
}

function namespaces(lang: string): string[] {
  const dir = path.join(root, lang);
  return fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
    : [];
}

function load(lang: string, ns: string): Record<string, unknown> {
  return flatten(JSON.parse(fs.readFileSync(path.join(root, lang, `${ns}.json`), 'utf8')));
}

const allNamespaces = [...new Set(LANGS.flatMap(namespaces))].sort();

describe('locales', () => {
  it('has namespaces', () => {
    expect(allNamespaces).toEqual(expect.arrayContaining(['common', 'layout', 'auth', 'member', 'home']));
  });

  for (const ns of allNamespaces) {
    describe(ns, () => {
      it('exists in every language', () => {
        const missing = LANGS.filter((lang) => !namespaces(lang).includes(ns));
        expect(missing, `${ns}.json missing for`).toEqual([]);
      });

      it('has the same keys in every language', () => {
        const present = LANGS.filter((lang) => namespaces(lang).includes(ns));
        const keys = Object.fromEntries(present.map((lang) => [lang, Object.keys(load(lang, ns))]));
        const union = [...new Set(Object.values(keys).flat())].sort();
        for (const lang of present) {
          const missing = union.filter((k) => !keys[lang].includes(k));
          expect(missing, `${lang}/${ns}.json lacks`).toEqual([]);
        }
      });

      it('has no empty text', () => {
        for (const lang of LANGS.filter((l) => namespaces(l).includes(ns))) {
          const empty = Object.entries(load(lang, ns))
            .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
            .map(([k]) => k);
          expect(empty, `${lang}/${ns}.json has empty or non-text values at`).toEqual([]);
        }
      });
    });
  }

  it('flatten sees nested and array keys (the check above can fail)', () => {
    expect(Object.keys(flatten({ a: { b: 'x' }, c: [{ d: 'y' }], e: '' }))).toEqual(['a.b', 'c.0.d', 'e']);
  });
});
