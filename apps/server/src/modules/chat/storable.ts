/**
 * What the database cannot hold, checked before a message is numbered and published (issue #50).
 *
 * Why: a room's messages are stored as JSON (payload, ext), several in one statement. PostgreSQL
 * (and PGlite) refuse JSON holding a NUL character (`\u0000`) or half of a surrogate pair, and that
 * refusal failed the whole statement; on the embedded database the message had already been shown
 * live by then (sequencer.ts), so it was seen but never kept. Text columns cannot hold NUL either.
 * A line with such characters is refused to its sender before anyone sees it.
 */

/** A UTF-16 surrogate that is not half of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether this text holds a character the database refuses (a NUL, or half a surrogate pair). */
export const unstorableText = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** Whether any string in this value (keys too, at any depth) holds a character the database refuses. */
export function unstorable(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (unstorableText(v)) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (unstorableText(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}
