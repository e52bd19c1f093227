import type { CallData, CallDef, CallInput } from '@livesports/contracts/call';
import { Code, REQUEST_TIMEOUT_MS, type Envelope } from '@livesports/contracts/envelope';
import { currentLanguage, i18n } from '../i18n';
import { useAuthStore } from '../stores/auth';
import { toast } from '../stores/toast';
import { takeEarly } from './early-calls';
import type { CallRef } from './call-ref';

// The one API client (spec §7, §8). Every call carries the lang header, the session in its HttpOnly
// token cookie (the browser adds it; page scripts never see the token) and a 20 s
// timeout; the envelope { code, msg, data } is unwrapped here so features never see it:
//   code 1   → error toast (msg or 'Error') for 5 s, rejected
//   code 700 → local user cleared, localized 'Please login first', repeats within 2 s ignored, rejected
//   other    → data
// Network failures and timeouts are rejected with a localized toast.

export type HttpMethod = 'GET' | 'POST';
export type ApiErrorKind = 'business' | 'not_logged_in' | 'network' | 'timeout';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly code?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Spec §8/§9: repeated "not logged in" answers within 2 s are ignored. */
export const NOT_LOGGED_IN_REPEAT_MS = 2000;
let lastNotLoggedIn = -Infinity;

/** For tests: forget the last "not logged in" notice. */
export function resetClientState() {
  lastNotLoggedIn = -Infinity;
}

function buildQuery(payload: Record<string, unknown> | undefined): string {
  if (!payload) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) v.forEach((item) => params.append(k, String(item)));
    else params.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return params.toString();
}

function handleNotLoggedIn(msg: string) {
  const now = Date.now();
  if (now - lastNotLoggedIn < NOT_LOGGED_IN_REPEAT_MS) return;
  lastNotLoggedIn = now;
  useAuthStore.getState().clear();
  toast.error(msg || i18n.t('common:loginFirst'));
}

/** Sends one call and returns the successful envelope; every failure is handled and rejected here. */
async function send<T>(method: HttpMethod, path: string, payload?: object): Promise<Envelope<T>> {
  let url = '/' + path.replace(/^\/+/, '');
  const headers: Record<string, string> = { lang: currentLanguage(), accept: 'application/json' };
  // The session goes in the HttpOnly token cookie, which the browser adds itself (same origin).
  let body: string | undefined;
  if (method === 'GET') {
    const qs = buildQuery(payload as Record<string, unknown> | undefined);
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  } else {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(payload ?? {});
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let envelope: Envelope<T>;
  try {
    // Signed in, the browser must not answer from a copy it kept while signed out (public reads
    // carry stale-while-revalidate): it asks again (a 304 when nothing changed). The session is
    // in a cookie, which HTTP caches do not key on.
    const cache: RequestCache = useAuthStore.getState().islogin ? 'no-cache' : 'default';
    // A GET main.tsx started while the page's scripts loaded (early-calls.ts); a failed one is sent again.
    const early = method === 'GET' ? takeEarly(url)?.catch(() => null) : null;
    const res = (await early) ?? (await fetch(url, { method, headers, body, signal: controller.signal, credentials: 'same-origin', cache }));
    // Error answers (400, 401, 429…) still carry the envelope; read it whatever the status.
    envelope = (await res.json()) as Envelope<T>;
    if (!envelope || typeof envelope.code !== 'number') throw new TypeError('not an envelope');
  } catch (err) {
    const timedOut = controller.signal.aborted;
    const message = i18n.t(timedOut ? 'common:errors.timeout' : 'common:errors.network');
    // Offline, every call fails the same way: the page's offline state says it once (mobile site).
    if (typeof navigator === 'undefined' || navigator.onLine !== false) toast.error(message);
    throw new ApiError(message, timedOut ? 'timeout' : 'network', undefined, err);
  } finally {
    clearTimeout(timer);
  }

  if (envelope.code === Code.ERROR) {
    const msg = envelope.msg || 'Error';
    toast.error(msg);
    throw new ApiError(msg, 'business', envelope.code, envelope.data);
  }
  if (envelope.code === Code.NOT_LOGGED_IN) {
    handleNotLoggedIn(envelope.msg);
    throw new ApiError(envelope.msg || i18n.t('common:loginFirst'), 'not_logged_in', envelope.code);
  }
  return envelope;
}

/**
 * A raw call by method and path (GET → query string, POST → JSON body). The slider captcha takes
 * this as its `request` prop.
 */
export async function requestRaw<T>(method: HttpMethod, path: string, payload?: object): Promise<T> {
  return (await send<T>(method, path, payload)).data;
}

/** Calls an API declared in packages/contracts with defineCall. */
export function request<C extends CallDef<any, any> | CallRef<any>>(call: C, input: CallInput<C>): Promise<CallData<C>> {
  return requestRaw<CallData<C>>(call.method, call.path, input as Record<string, unknown>);
}

/** Like request, but also hands back the server's (localized) success message. */
export async function requestWithMsg<C extends CallDef<any, any> | CallRef<any>>(call: C, input: CallInput<C>): Promise<{ data: CallData<C>; msg: string }> {
  const env = await send<CallData<C>>(call.method, call.path, input as object);
  return { data: env.data, msg: env.msg };
}
