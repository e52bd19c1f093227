import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope, mockFetch, setupI18n } from '@/test-utils';
import { articleDetail } from '@livesports/contracts/content';
import { startEarlyCalls } from '@/app/early-calls';
import { getRoomInfo } from './call-refs';
import { request } from './client';
import { takeEarly } from './early-calls';

beforeAll(async () => {
  await setupI18n('en');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const room = { room_id: 7 };

describe('early calls (a live room asks for its play URLs while its scripts load)', () => {
  it('the room page gets the answer started at load, without asking the server twice', async () => {
    const fetch = mockFetch(() => envelope({ code: 200, msg: 'ok', data: room }));
    startEarlyCalls('/live', '?id=7');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/Live_streaming/getRoomInfo?room_id=7');
    // The request the page's HTML preloads (no headers of its own), so the browser hands over that answer.
    expect(fetch.mock.calls[0][1]).toEqual({ credentials: 'same-origin' });
    await expect(request(getRoomInfo, { room_id: 7 })).resolves.toEqual(room);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Used once: the next poll asks the server.
    await request(getRoomInfo, { room_id: 7 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('the phone room starts it too; other pages and bad ids start nothing', () => {
    const fetch = mockFetch(() => envelope({ code: 200, msg: 'ok', data: room }));
    startEarlyCalls('/m/live/', '?id=9');
    expect(fetch.mock.calls[0][0]).toBe('/api/Live_streaming/getRoomInfo?room_id=9');
    startEarlyCalls('/live', '?id=abc');
    startEarlyCalls('/live', '?id=-3');
    startEarlyCalls('/main', '?id=7');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(takeEarly('/api/Live_streaming/getRoomInfo?room_id=9')).not.toBeNull();
  });

  it('a headline (desktop and phone) starts its article; bad ids start nothing', async () => {
    const article = { id: 5, title: 'Derby night' };
    const fetch = mockFetch(() => envelope({ code: 200, msg: 'ok', data: article }));
    startEarlyCalls('/m/detail', '?id=5');
    startEarlyCalls('/detail', '?id=0');
    startEarlyCalls('/detail', '?id=1.5');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/Portal_post/detail?id=5');
    await expect(request(articleDetail, { id: 5 })).resolves.toEqual(article);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('an answer older than 10 s is not used, and a failed early call is sent again', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    const fetch = mockFetch(() => envelope({ code: 200, msg: 'ok', data: room }));
    startEarlyCalls('/live', '?id=7');
    vi.setSystemTime(new Date('2026-01-01T00:00:11Z'));
    expect(takeEarly('/api/Live_streaming/getRoomInfo?room_id=7')).toBeNull();
    vi.useRealTimers();

    let calls = 0;
    const failing = mockFetch(() => (calls++ === 0 ? Promise.reject(new TypeError('offline')) : envelope({ code: 200, msg: 'ok', data: room })));
    startEarlyCalls('/live', '?id=7');
    await expect(request(getRoomInfo, { room_id: 7 })).resolves.toEqual(room);
    expect(failing).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
