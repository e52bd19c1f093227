import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '../support/test';
import { E2E_ADMIN, E2E_FEED_TOKEN } from '../support/global-setup.ts';
import { api, captchaTicket, registerByApi, signInContext } from '../support/session.ts';

// The replay journey: an anchor (set up through the API) pushes 20 s of a test pattern over RTMP
// while a fan chats and the linked match scores; the broadcast ends; a fan opens the replay in
// Chromium: it plays and seeks, the danmaku sent at second 10 flies at video second 10 (± 1 s),
// clicking the goal in the score timeline seeks to it; the anchor cuts a clip and opens its page.

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
const rtmpPort = process.env.E2E_RTMP_PORT;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test.describe('replays', () => {
  test.skip(!hasFfmpeg || !rtmpPort, 'needs ffmpeg on PATH and the e2e RTMP port');
  let encoder: ChildProcess | null = null;
  test.afterEach(() => encoder?.kill('SIGKILL'));

  test('a broadcast becomes a replay with its danmaku and goals in time, and a clip', async ({ browser, request, baseURL }) => {
    test.setTimeout(180_000);
    const anchor = await registerByApi(request);
    const fan = await registerByApi(request);
    await api(
      request,
      'POST',
      '/api/Member/verified',
      { real_name: 'Ana Pérez', id_number: 'X7654321Z', live_type: 1, experience: 'Derby watch-alongs', contact: anchor.email, introduction: 'Analyst', agreement: true },
      anchor.token,
    );
    const admin = await api(request, 'POST', '/api/user/login', { mobile: E2E_ADMIN.email, password: E2E_ADMIN.password, device_type: 'pc', ticket: await captchaTicket(request) });
    const pending = await api(request, 'GET', '/api/admin/anchorApplications', { status: '0', limit: '50' }, admin.token);
    const application = pending.list.find((a: { uid: number }) => a.uid === anchor.id);
    await api(request, 'POST', '/api/admin/reviewAnchor', { id: application.id, status: 2, reason: '' }, admin.token);
    const room = await api(request, 'GET', '/api/Live/getMyRoom', {}, anchor.token);

    // The broadcast covers a match the feed scores in.
    const key = `e2e-${Date.now()}`;
    const feed = (path: string, body: object) => request.post(path, { data: body, headers: { authorization: `Bearer ${E2E_FEED_TOKEN}` } }).then((r) => r.json());
    const m = await feed('/api/feed/matches', {
      matches: [
        {
          key,
          sport: 'football',
          competition: { key: `${key}-c`, name: { en: 'E2E League' } },
          season: '2030',
          home: { key: `${key}-h`, name: { en: 'Rovers' } },
          away: { key: `${key}-a`, name: { en: 'United' } },
          kickoff: new Date(Date.now() + 60_000).toISOString(),
        },
      ],
    });
    await api(request, 'POST', '/api/Live/setReserveLiveNew', { title: 'Rovers v United', start_time: new Date(Date.now() + 120_000).toISOString(), sport: 1, match_id: m.data.ids[0] }, anchor.token);

    encoder = spawn(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-re',
        '-f',
        'lavfi',
        '-i',
        'testsrc2=s=640x360:r=25',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440:sample_rate=44100',
        '-t',
        '20',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-tune',
        'zerolatency',
        '-g',
        '25',
        '-pix_fmt',
        'yuv420p',
        '-b:v',
        '600k',
        '-c:a',
        'aac',
        '-b:a',
        '64k',
        '-f',
        'flv',
        `rtmp://127.0.0.1:${rtmpPort}/live/${room.stream_key}`,
      ],
      { stdio: 'ignore' },
    );
    // The stream's second 0 is the encoder's first frame (-re paces it from the start); the room turns
    // live then. Time the chat from the encoder's start, not from when a poll noticed the room live
    // (a loaded machine notices a second late, which the replay then shows faithfully).
    const liveAt = Date.now();
    await expect.poll(async () => (await api(request, 'GET', '/api/Live_streaming/getRoomInfo', { room_id: String(anchor.id) })).live.is_live, { timeout: 15_000, intervals: [100] }).toBe(1);
    await sleep(10_000 - (Date.now() - liveAt));
    await api(request, 'POST', '/api/Barrage/send', { room_id: anchor.id, text: 'Second ten!' }, fan.token);
    await sleep(14_000 - (Date.now() - liveAt));
    await feed('/api/feed/events', { match_id: m.data.ids[0], events: [{ key: `${key}-g1`, kind: 'goal', side: 'home', minute: 9, player: 'Striker' }] });
    await new Promise((r) => encoder!.once('exit', r));
    const ended = Date.now();
    await api(request, 'GET', '/api/Live/endRoom', {}, anchor.token);
    let replayId = 0;
    await expect
      .poll(
        async () => {
          const mine = await api(request, 'GET', '/api/Replay/mine', {}, anchor.token);
          replayId = mine.list.find((r: { status: number }) => r.status === 1)?.id ?? 0;
          return replayId;
        },
        { timeout: 20_000, intervals: [250] },
      )
      .toBeGreaterThan(0);
    console.log(`replay playable ${((Date.now() - ended) / 1000).toFixed(1)} s after the broadcast ended`);

    // A fan opens the replay.
    const ctx = await browser.newContext();
    await signInContext(ctx, baseURL!, fan.token);
    const page = await ctx.newPage();
    await page.goto(`/live?id=${anchor.id}&replay=${replayId}`);
    const video = page.getByTestId('replay-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
    await expect(page.getByTestId('replay-title')).toHaveText(/live room/);

    // Speed: 2×.
    await page.getByTestId('speed-button').click();
    await page.getByTestId('speed-2').click();
    expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);
    await page.getByTestId('speed-button').click();
    await page.getByTestId('speed-1').click();

    // Seek to second 7: the danmaku sent at second 10 flies when the video reaches 10 (± 1 s).
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 7));
    const layer = page.getByTestId('danmaku-layer');
    await expect(layer).toHaveAttribute('data-flying', '0');
    // The video time at the moment the danmaku takes off, read in the page (a poll from here would add its own lag).
    const at = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const el = document.querySelector('[data-testid="danmaku-layer"]')!;
          const v = document.querySelector<HTMLVideoElement>('[data-testid="replay-video"]')!;
          const seen = new MutationObserver(() => {
            if (Number(el.getAttribute('data-flying')) > 0) {
              seen.disconnect();
              resolve(v.currentTime);
            }
          });
          seen.observe(el, { attributes: true, attributeFilter: ['data-flying'] });
          setTimeout(() => reject(new Error('no danmaku within 10 s')), 10_000);
        }),
    );
    expect(Math.abs(at - 10)).toBeLessThanOrEqual(1);
    // The chat list has scrolled to it too.
    await expect(page.getByTestId('replay-chat').getByText('Second ten!')).toBeVisible();

    // The goal in the score timeline seeks a few seconds before it (the build-up).
    const goal = page.getByTestId('goal-mark').first();
    await expect(goal).toContainText('Striker');
    const goalT = Number(await goal.getAttribute('data-t'));
    expect(Math.abs(goalT - 14)).toBeLessThanOrEqual(1.5);
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 1));
    await goal.click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(goalT - 4);
    expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeLessThan(goalT + 1);
    await expect(page.getByTestId('score-now')).toHaveText('1 : 0', { timeout: 8000 });

    // A replay danmaku, pinned to this second, joins the chat list.
    await page.getByTestId('replay-danmaku-input').fill('Watching it again');
    await page.getByTestId('replay-danmaku-send').click();
    await expect(page.getByTestId('replay-chat').getByText('Watching it again')).toBeVisible();

    // On a phone: the room's info tab lists the replay, and the phone's room link opens it too.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const pp = await phone.newPage();
    await pp.goto(`/m/live?id=${anchor.id}`);
    await pp.getByTestId('m-room-tab-info').tap();
    await expect(pp.getByTestId('replay-card').first()).toBeVisible();
    await pp.goto(`/m/live?id=${anchor.id}&replay=${replayId}&t=3`);
    await expect.poll(() => pp.getByTestId('replay-video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(3);
    const videoBox = (await pp.getByTestId('replay-video').boundingBox())!;
    expect(videoBox.x + videoBox.width).toBeLessThanOrEqual(390);
    await phone.close();

    if (process.env.REPLAY_SHOTS) {
      fs.mkdirSync(process.env.REPLAY_SHOTS, { recursive: true });
      for (const lang of ['zh', 'en', 'es']) {
        for (const width of [1280, 390]) {
          const c = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 }, locale: lang });
          await signInContext(c, baseURL!, anchor.token);
          await c.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
          const p = await c.newPage();
          await p.goto(`/live?id=${anchor.id}&replay=${replayId}&t=9`);
          await p.waitForTimeout(2500);
          await p.screenshot({ path: `${process.env.REPLAY_SHOTS}/replay-${lang}-${width}.png`, fullPage: width < 500 });
          await p.goto('/member?type=9');
          await p.getByTestId('my-replays').scrollIntoViewIfNeeded();
          await p.waitForTimeout(800);
          await p.getByTestId('my-replays').screenshot({ path: `${process.env.REPLAY_SHOTS}/mine-${lang}-${width}.png` });
          await c.close();
        }
      }
    }

    // The anchor cuts a clip from the same page and opens its shareable page.
    const studio = await browser.newContext();
    await signInContext(studio, baseURL!, anchor.token);
    const ap = await studio.newPage();
    await ap.goto(`/live?id=${anchor.id}&replay=${replayId}&t=4`);
    const av = ap.getByTestId('replay-video');
    await expect.poll(() => av.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(4);
    await av.evaluate((v: HTMLVideoElement) => v.pause());
    await ap.getByTestId('clip-set-start').click();
    await av.evaluate((v: HTMLVideoElement) => (v.currentTime = 12));
    await expect.poll(() => av.evaluate((v: HTMLVideoElement) => Math.round(v.currentTime))).toBe(12);
    await ap.getByTestId('clip-set-end').click();
    await ap.getByTestId('clip-title').fill('The goal');
    await ap.getByTestId('clip-create').click();
    await expect(ap.getByTestId('clip-item').first()).toHaveAttribute('data-status', '1', { timeout: 30_000 });
    await ap.getByTestId('clip-publish').click();
    await expect(ap.getByTestId('clip-item').first()).toContainText(/headlines/i);
    await ap.getByTestId('clip-open').click();
    await expect(ap.getByTestId('clip-page-title')).toHaveText('The goal');
    await expect.poll(() => ap.getByTestId('clip-video').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 }).toBeGreaterThan(0);
    if (process.env.REPLAY_SHOTS) await ap.screenshot({ path: `${process.env.REPLAY_SHOTS}/clip-en-1280.png` });
    await ctx.close();
    await studio.close();
  });
});
