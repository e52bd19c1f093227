import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { humanTrace } from '../../apps/server/src/modules/captcha/solve.ts';
import { findGap } from './captcha.ts';
import { mailCount, waitForCode } from './mailbox.ts';

let counter = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now()}.${counter++}@example.com`;

async function api<T = any>(request: APIRequestContext, method: 'GET' | 'POST', path: string, body?: object, token?: string): Promise<T> {
  const headers: Record<string, string> = { lang: 'en' };
  if (token) headers.token = token;
  const res = method === 'GET' ? await request.get(path, { headers, params: body as Record<string, string> }) : await request.post(path, { headers, data: body ?? {} });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
  return json.data as T;
}

/** Gets a slider ticket through the API: look at the picture, drag like a hand. */
export async function captchaTicket(request: APIRequestContext): Promise<string> {
  const puzzle = await api(request, 'GET', '/api/captcha/get');
  const { x, y } = await findGap(puzzle.bg, puzzle.piece);
  const res = await api(request, 'POST', '/api/captcha/check', { id: puzzle.id, x, y, trace: humanTrace(x - puzzle.startX, y - puzzle.startY) });
  return res.ticket;
}

/** Registers a new account with the mailed code and logs it in, all through the public API. */
export async function registerByApi(request: APIRequestContext, email = uniqueEmail(), password = 'secret123') {
  const before = mailCount(email);
  await api(request, 'POST', '/api/user/getCode', { mobile: email, type: 1 });
  const code = await waitForCode(email, before);
  await api(request, 'POST', '/api/user/registered', { mobile: email, code, password, ticket: await captchaTicket(request) });
  const user = await api(request, 'POST', '/api/user/login', { mobile: email, password, device_type: 'pc', ticket: await captchaTicket(request) });
  return { email, password, token: user.token as string, id: user.id as number, nickname: user.user_nickname as string };
}

/** Puts a logged-in session into a browser context, as a login would leave it (HttpOnly token cookie and the logged_in marker). */
export async function signInContext(context: BrowserContext, baseURL: string, token: string) {
  const url = new URL(baseURL);
  await context.addCookies([
    { name: 'token', value: token, domain: url.hostname, path: '/', sameSite: 'Lax', httpOnly: true },
    { name: 'logged_in', value: '1', domain: url.hostname, path: '/', sameSite: 'Lax' },
  ]);
}

export { api };
