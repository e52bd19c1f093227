/**
 * Where a person goes back to after logging in (the login page's `?redirect=`, the social login's
 * saved return path): only a path of this site, normalised, else null (the caller's fallback).
 *
 * Browsers read `\` as `/` and drop tabs and newlines in a URL, so `/\evil.example`, `/\t/evil`
 * or `//evil` all leave the site; a router may decode `%5C` / `%2F` into the same. Such a path is
 * refused in its raw and its decoded spelling (issue #51 item 9). What is kept is the path, query
 * and fragment as the URL parser spells them against our own origin.
 */
const BASE = 'http://own.invalid';
const MAX_LENGTH = 500;

export function ownPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  let spelled = raw;
  // Up to three rounds of percent-decoding: `%255C` decodes to `%5C`, then to `\`.
  for (let i = 0; i < 4; i++) {
    // No control characters, spaces or backslashes in any spelling; the path starts with one slash.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
    if (/[\u0000-\u0020\u007f\\]/.test(spelled) || !spelled.startsWith('/') || spelled.startsWith('//')) return null;
    let next: string;
    try {
      next = decodeURIComponent(spelled);
    } catch {
      return null;
    }
    if (next === spelled) break;
    // Still changing after three decodings: nobody writes a path like that.
    if (i === 3) return null;
    spelled = next;
  }
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  return path.startsWith('/') && !path.startsWith('//') ? path : null;
}
