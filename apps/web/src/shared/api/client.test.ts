import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, envelope, mockFetch, setupI18n } from '@/test-utils';
import { i18n } from '@/shared/i18n';
import { setCookie } from '@/shared/lib/cookie';
import { useAuthStore } from '@/shared/stores/auth';
import { useToastStore } from '@/shared/stores/toast';
import { getHot } from './call-refs';
import { ApiError, request, requestRaw, resetClientState } from './client';

const user = { id: 7, user_nickname: 'Ann', avatar: '/avatars/1.svg', is_anchor: 0 as const, exp: 0, level: 0, balance: 0, is_admin: 0 as const };

beforeAll(async () => {
  await setupI18n('en');
});

beforeEach(() => {
  resetClientState();
  useToastStore.getState().clear();
  clearCookies();
  localStorage.clear();
  useAuthStore.setState({ token: null, user: null, islogin: false });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const toasts = () => useToastStore.getState().toasts;

describe('api client', () => {
  it('unwraps data on code 200', async () => {
    mockFetch(() => envelope({ code: 200, msg: 'ok', data: { keywords: [] } }));
    await expect(request(getHot, {})).resolves.toEqual({ keywords: [] });
    expect(toasts()).toEqual([]);
  });

  it('code 1 rejects with the message and shows it as an error toast for 5 s', async () => {
    mockFetch(() => envelope({ code: 1, msg: 'Wrong email or password', data: null }, 400));
    const err = (await requestRaw('POST', 'api/user/login', { mobile: 'a@b.c', password: 'x' }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('Wrong email or password');
    expect(err.kind).toBe('business');
    expect(toasts()).toHaveLength(1);
    expect(toasts()[0]).toMatchObject({ kind: 'error', message: 'Wrong email or password', duration: 5000 });
  });

  it("code 1 without a message says 'Error'", async () => {
    mockFetch(() => envelope({ code: 1, msg: '', data: null }));
    await expect(requestRaw('GET', 'api/x')).rejects.toThrow('Error');
    expect(toasts()[0].message).toBe('Error');
  });

  it('code 700 clears the user and token; a second 700 within 2 s shows no second notice', async () => {
    vi.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    setCookie('token', 'tok-1');
    useAuthStore.getState().setLogin({ ...user, token: 'tok-1' });
    expect(useAuthStore.getState().islogin).toBe(true);
    mockFetch(() => envelope({ code: 700, msg: '', data: null }, 401));

    await expect(requestRaw('GET', 'api/Member/info')).rejects.toMatchObject({ kind: 'not_logged_in' });
    expect(useAuthStore.getState()).toMatchObject({ islogin: false, user: null, token: null });
    expect(document.cookie).not.toContain('token=tok-1');
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(toasts().map((t) => t.message)).toEqual(['Please log in first']);

    vi.advanceTimersByTime(1500);
    await expect(requestRaw('GET', 'api/Member/info')).rejects.toMatchObject({ kind: 'not_logged_in' });
    expect(toasts()).toHaveLength(1);

    vi.advanceTimersByTime(600); // 2.1 s after the first: a new notice is due
    await expect(requestRaw('GET', 'api/Member/info')).rejects.toMatchObject({ kind: 'not_logged_in' });
    expect(toasts()).toHaveLength(2);
  });

  it("code 700 shows the server's localized message when it sends one", async () => {
    mockFetch(() => envelope({ code: 700, msg: 'Inicie sesión primero, por favor', data: null }, 401));
    await expect(requestRaw('GET', 'api/Member/info')).rejects.toBeInstanceOf(ApiError);
    expect(toasts()[0].message).toBe('Inicie sesión primero, por favor');
  });

  it('times out after 20000 ms', async () => {
    vi.useFakeTimers();
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    let settled: unknown = 'pending';
    const p = requestRaw('GET', 'api/slow').then(
      () => (settled = 'resolved'),
      (e) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(19_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await p;
    expect(settled).toBeInstanceOf(ApiError);
    expect((settled as ApiError).kind).toBe('timeout');
    expect(toasts()[0]).toMatchObject({ kind: 'error', message: 'The request timed out, please try again' });
  });

  it('rejects network errors with a localized toast', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(requestRaw('GET', 'api/x')).rejects.toMatchObject({ kind: 'network' });
    expect(toasts()[0].message).toBe('Network error, please check your connection and try again');
  });

  it('sends the lang header and the session cookie (never a token header: the token cookie is HttpOnly); GET puts the input in the query string', async () => {
    setCookie('logged_in', '1');
    await i18n.changeLanguage('es');
    const fetch = mockFetch(() => envelope({ code: 200, msg: '', data: null }));
    await requestRaw('GET', 'api/Search/index', { name: 'real madrid', page: 2, skip: undefined });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/Search/index?name=real+madrid&page=2');
    const headers = init?.headers as Record<string, string>;
    expect(headers.token).toBeUndefined();
    expect(init?.credentials).toBe('same-origin');
    expect(headers.lang).toBe('es');
    expect(init?.method).toBe('GET');
    await i18n.changeLanguage('en');
  });

  it('POST sends the input as a JSON body, without a token header when logged out', async () => {
    const fetch = mockFetch(() => envelope({ code: 200, msg: '', data: { resend_in: 60 } }));
    await requestRaw('POST', '/api/user/getCode', { mobile: 'a@b.c', type: 1 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/user/getCode');
    expect(JSON.parse(String(init?.body))).toEqual({ mobile: 'a@b.c', type: 1 });
    const headers = init?.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.token).toBeUndefined();
    expect(headers.lang).toBe('en');
  });
});
