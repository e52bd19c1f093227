import { detectLanguage } from '../i18n';

// A page whose first picture waits on one answer (a live room on its play URLs) asks for it while
// its scripts still load, instead of after they ran: main.tsx starts it, the API client takes it
// for the same GET (client.ts `send`). Requests are the client's own (same headers, the session
// cookie, revalidated), so the answer is the one the page would have got; unused ones expire.

const TTL_MS = 10_000;
const started = new Map<string, { at: number; response: Promise<Response> }>();

/** Starts a GET the page is about to send (`url` exactly as client.ts builds it). */
export function startEarly(url: string) {
  const response = fetch(url, { headers: { lang: detectLanguage(), accept: 'application/json' }, credentials: 'same-origin', cache: 'no-cache' });
  // An early failure is not reported here: the page's own request then goes out as usual.
  response.catch(() => undefined);
  started.set(url, { at: Date.now(), response });
}

/** The early answer for this GET, once (null when none was started, or it is too old to trust). */
export function takeEarly(url: string): Promise<Response> | null {
  const hit = started.get(url);
  if (!hit) return null;
  started.delete(url);
  return Date.now() - hit.at <= TTL_MS ? hit.response : null;
}
