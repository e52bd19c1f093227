// A page whose first picture waits on one answer (a live room on its play URLs) asks for it while
// its scripts still load, instead of after they ran: main.tsx starts it, the API client takes it
// for the same GET (client.ts `send`). The server names the same URL in the page's HTML as a
// `preload as=fetch` (apps/server/src/platform/page-preloads.ts), so the request usually left with
// the HTML and this call takes its answer; for that it must be the request the preload made: no
// headers of its own (the reader's language goes in the `lang` cookie the app keeps, the session in
// its cookie), default cache mode. Unused answers expire.

const TTL_MS = 10_000;
const started = new Map<string, { at: number; response: Promise<Response> }>();

/** Starts a GET the page is about to send (`url` exactly as client.ts builds it); its answer, for a first look. */
export function startEarly(url: string): Promise<Response> {
  const response = fetch(url, { credentials: 'same-origin' });
  // An early failure is not reported here: the page's own request then goes out as usual.
  response.catch(() => undefined);
  started.set(url, { at: Date.now(), response });
  return response;
}

/** The early answer for this GET, once (null when none was started, or it is too old to trust). */
export function takeEarly(url: string): Promise<Response> | null {
  const hit = started.get(url);
  if (!hit) return null;
  started.delete(url);
  return Date.now() - hit.at <= TTL_MS ? hit.response : null;
}
