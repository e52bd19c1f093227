import { LANGS, type Lang } from './messages/catalogue.ts';

// The language a headline or circle post is written in (spec: content carries its language).
// No language-detection library is installed, and the site only knows three languages that are
// easy to tell apart by their script and a handful of words, so a small heuristic does it:
//   1. Han characters make up a fair share of the letters → zh (a Chinese text quoting an English
//      team name is still Chinese; an English text quoting one 中 is not);
//   2. Spanish-only letters (ñ, á, é, í, ó, ú, ¿, ¡) or more Spanish than English stop words → es;
//   3. anything else (including no letters at all) → en.
// The web shows the same guess in the composer, and a writer can always choose instead.

export const CONTENT_LANGS = LANGS;
export type ContentLang = Lang;
/** What a writer picks in the composer: a language, or `auto` to let the server detect it. */
export const CONTENT_LANG_CHOICES = ['auto', ...CONTENT_LANGS] as const;
export type ContentLangChoice = (typeof CONTENT_LANG_CHOICES)[number];

const HAN = /\p{Script=Han}/gu;
const LETTER = /\p{L}/gu;
const SPANISH_MARKS = /[ñáéíóú¿¡]/i;
/**
 * A token: letters, digits, apostrophes and marks run together. Only tokens of letters alone count as
 * words: "mi3el1f" (a tag, a code) is one token, not the Spanish "el" between two digits.
 */
const TOKEN = /[\p{L}\p{M}\p{N}']+/gu;
const LETTERS_ONLY = /^[\p{L}\p{M}']+$/u;
/** Frequent words that are Spanish and not English (and the reverse); short, unambiguous ones only. */
const ES_WORDS = new Set([
  'el',
  'los',
  'las',
  'del',
  'que',
  'con',
  'para',
  'una',
  'por',
  'pero',
  'como',
  'muy',
  'sus',
  'este',
  'esta',
  'partido',
  'equipo',
  'gol',
  'goles',
  'ganó',
  'contra',
  'y',
  'en',
  'de',
  'la',
  'es',
]);
const EN_WORDS = new Set(['the', 'and', 'of', 'to', 'in', 'is', 'for', 'with', 'on', 'at', 'this', 'that', 'was', 'are', 'an', 'match', 'team', 'win', 'wins', 'against', 'from', 'by']);
/** Share of Han among the letters from which a text counts as Chinese. */
const HAN_SHARE = 0.2;

/** Detects zh, es or en from text (plain text or HTML; tags are ignored). */
export function detectContentLang(input: string): ContentLang {
  const text = input.replace(/<[^>]*>/g, ' ');
  const letters = text.match(LETTER)?.length ?? 0;
  if (!letters) return 'en';
  const han = text.match(HAN)?.length ?? 0;
  if (han / letters >= HAN_SHARE) return 'zh';
  if (SPANISH_MARKS.test(text)) return 'es';
  let es = 0;
  let en = 0;
  for (const w of text.toLowerCase().match(TOKEN) ?? []) {
    if (!LETTERS_ONLY.test(w)) continue;
    if (ES_WORDS.has(w)) es++;
    if (EN_WORDS.has(w)) en++;
  }
  return es > en ? 'es' : 'en';
}

/** The stored language: the writer's choice, else the detected one. */
export const contentLangOf = (choice: ContentLangChoice | undefined, text: string): ContentLang => (choice && choice !== 'auto' ? choice : detectContentLang(text));
