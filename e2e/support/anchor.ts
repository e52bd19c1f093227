import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import type { APIRequestContext } from '@playwright/test';
import { E2E_ADMIN } from './global-setup.ts';
import { api, captchaTicket, registerByApi } from './session.ts';

export const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

/** The e2e administrator's token (logged in through the API, slider included). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const admin = await api(request, 'POST', '/api/user/login', { mobile: E2E_ADMIN.email, password: E2E_ADMIN.password, device_type: 'pc', ticket: await captchaTicket(request) });
  return admin.token;
}

/** A new user who applied and was approved (by name) through the API: an anchor with a room. */
export async function anchorByApi(request: APIRequestContext, admin: string, liveType = 1) {
  const user = await registerByApi(request);
  const applied = await api(
    request,
    'POST',
    '/api/Member/verified',
    { real_name: 'E2E Anchor', id_number: 'E2E123456', live_type: liveType, experience: 'Weekly matches', contact: user.email, introduction: 'Match talk', agreement: true },
    user.token,
  );
  await api(request, 'POST', '/api/admin/reviewAnchor', { id: applied.application.id, decision: 'approve' }, admin);
  return user;
}

/**
 * Opens the anchor's room and pushes a small test picture over RTMP to it, as an encoder would.
 * Small on purpose (320x180, 10 fps): journeys share two cores with the server's ladder. A phone
 * encoder's portrait picture is `size` 180x320.
 */
export async function goLive(request: APIRequestContext, token: string, size = '320x180'): Promise<ChildProcess> {
  const room = await api(request, 'GET', '/api/Live/startRoom', {}, token);
  const push = String(room.push_url).replace(/^rtmp:\/\/[^/:]+/, 'rtmp://127.0.0.1');
  return spawn(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${size}:r=10`,
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=22050',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-tune',
      'zerolatency',
      '-g',
      '10',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      '200k',
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      '-f',
      'flv',
      push,
    ],
    { stdio: 'ignore' },
  );
}
