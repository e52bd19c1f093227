// Full-text tokens that work the same on PGlite and PostgreSQL without a Chinese parser
// (zhparser and friends are not in PGlite). The app cuts the text itself:
//   - runs of CJK characters become overlapping bigrams (足球比赛 → 足球 球比 比赛), the usual
//     dictionary-free way to index Chinese; a lone character stays a unigram;
//   - other letters and digits become lower-cased words with accents folded (fútbol → futbol).
// The tokens go to the database as tsvector / tsquery literals, so no server-side text parser or
// locale takes part, and a GIN index serves the match.

const RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu;
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_MAX = 40;
/** tsvector positions stop at 16383; beyond that lexemes still count, without a position. */
const POSITION_MAX = 16383;

/** NFKC (full-width → ASCII), accents folded, lower case. */
export function normalizeText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
}

interface Run {
  text: string;
  cjk: boolean;
}

function runs(text: string): Run[] {
  const out: Run[] = [];
  for (const m of normalizeText(text).matchAll(RUN)) out.push({ text: m[0], cjk: CJK.test(m[0]) });
  return out;
}

function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/** The tokens a document is indexed under, in order. */
export function documentTokens(text: string): string[] {
  const out: string[] = [];
  for (const r of runs(text)) {
    if (r.cjk) out.push(...bigrams(r.text));
    else out.push([...r.text].slice(0, WORD_MAX).join(''));
  }
  return out;
}

const quote = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * A tsvector literal for weighted fields (A for titles, B for bodies), e.g. `'足球':1A 'messi':2B`.
 * Cast with `::tsvector` in SQL.
 */
export function tsvectorLiteral(fields: Array<{ text: string; weight: 'A' | 'B' | 'C' | 'D' }>): string {
  const positions = new Map<string, string[]>();
  let pos = 0;
  for (const field of fields) {
    for (const token of documentTokens(field.text)) {
      pos += 1;
      const list = positions.get(token) ?? [];
      // A lexeme keeps at most 256 positions in PostgreSQL; more would be dropped anyway.
      if (pos <= POSITION_MAX && list.length < 256) list.push(`${pos}${field.weight}`);
      positions.set(token, list);
    }
  }
  return [...positions].map(([lex, p]) => (p.length ? `${quote(lex)}:${p.join(',')}` : quote(lex))).join(' ');
}

/**
 * A tsquery literal for what a person typed: every token must match (AND). Words and lone CJK
 * characters match as prefixes, so results appear while typing; longer CJK runs match by bigrams.
 * Null when nothing searchable was typed (only punctuation).
 */
export function tsqueryLiteral(text: string): string | null {
  const terms: string[] = [];
  for (const r of runs(text)) {
    if (r.cjk) {
      const grams = bigrams(r.text);
      if (grams.length === 1 && [...grams[0]].length === 1) terms.push(`${quote(grams[0])}:*`);
      else terms.push(...grams.map(quote));
    } else {
      terms.push(`${quote([...r.text].slice(0, WORD_MAX).join(''))}:*`);
    }
  }
  const unique = [...new Set(terms)];
  return unique.length ? unique.join(' & ') : null;
}

/** Escapes % _ and \ for a LIKE pattern (names are matched as substrings). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
