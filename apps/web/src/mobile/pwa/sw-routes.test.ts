import { describe, expect, it } from 'vitest';
import { isBuildAsset, isPublicStatic, isShellNavigation } from './sw-routes';

const O = 'https://sports.example';
const u = (p: string, origin = O) => new URL(p, origin);
const nav = { mode: 'navigate', method: 'GET' };

// Everything the worker would keep if these said yes: the list a fan's phone may show offline.
const NEVER = [
  '/api/Universal/getSystem',
  '/api/hot_match/all_match',
  '/api/User/getBalance',
  '/api/Live/getRoomList?page=1',
  '/api/assets/x-12345678.js',
  '/ws/score',
  '/live/abc.flv',
  '/live/abc/index.m3u8',
  '/replay/1/master.m3u8',
  '/uploads/avatars/a.png',
  '/sandbox-pay/checkout?order=1',
  '/sw.js',
  '/manifest.webmanifest',
];

describe('the service worker keeps build files and public statics only', () => {
  it('keeps hashed build files of its own origin', () => {
    expect(isBuildAsset(u('/assets/framework-C6F5i-0o.js'), O)).toBe(true);
    expect(isBuildAsset(u('/assets/index-CScQ5Cw2.css'), O)).toBe(true);
    expect(isBuildAsset(u('/assets/framework-C6F5i-0o.js', 'https://cdn.other'), O)).toBe(false);
    // Not hashed: could change under the same name.
    expect(isBuildAsset(u('/assets/logo.js'), O)).toBe(false);
  });

  it('keeps the public pictures and sounds', () => {
    expect(isPublicStatic(u('/economy/gifts/rocket.png'), O)).toBe(true);
    expect(isPublicStatic(u('/sounds/whistle.m4a'), O)).toBe(true);
    expect(isPublicStatic(u('/icons/icon-192.png'), O)).toBe(true);
    expect(isPublicStatic(u('/economy/wallet.json'), O)).toBe(false);
  });

  it.each(NEVER)('never keeps %s (API answers, sockets, streams, uploads, payments)', (p) => {
    expect(isBuildAsset(u(p), O)).toBe(false);
    expect(isPublicStatic(u(p), O)).toBe(false);
    expect(isShellNavigation({ ...nav, mode: 'cors' }, u(p), O)).toBe(false);
  });

  it('answers navigations of /m pages only, GET only', () => {
    for (const p of ['/m', '/m/', '/m/live?id=3', '/m/detail?id=1', '/m/downLoad']) expect(isShellNavigation(nav, u(p), O), p).toBe(true);
    for (const p of ['/', '/main', '/mobile', '/md', '/live?id=3', '/api/x']) expect(isShellNavigation(nav, u(p), O), p).toBe(false);
    expect(isShellNavigation({ mode: 'navigate', method: 'POST' }, u('/m'), O)).toBe(false);
    expect(isShellNavigation({ mode: 'cors', method: 'GET' }, u('/m'), O)).toBe(false);
    expect(isShellNavigation(nav, u('/m', 'https://cdn.other'), O)).toBe(false);
  });
});
