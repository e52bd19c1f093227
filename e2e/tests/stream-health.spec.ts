import { type ChildProcess, spawn } from 'node:child_process';
import { expect as baseExpect, type Page, test } from '../support/test';
import { adminToken, anchorByApi, hasFfmpeg } from '../support/anchor.ts';
import { api, signInContext } from '../support/session.ts';

// Issue #50 item 4: the anchor sees the stream's health. An encoder set as many are by default
// (a keyframe every 12 s: ffmpeg's -g 300 at 25 fps) pushes a real RTMP stream; the studio on the
// desktop (/member?type=9) and on the phone (/m/member?type=9) shows what arrives and warns, in the
// anchor's language, with the OBS setting to change. The console's media page shows the same.

// Two cores shared with the server's ladder: a first paint can take longer than the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });
const rtmpPort = process.env.E2E_RTMP_PORT;
const shots = process.env.E2E_OUTPUT ?? 'test-results';

/** 320x180 at 25 fps, a keyframe only every 300 frames (12 s). */
function pushLongGop(pushUrl: string): ChildProcess {
  const url = pushUrl.replace(/^rtmp:\/\/[^/:]+/, 'rtmp://127.0.0.1');
  const args = ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=22050'];
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', '300', '-keyint_min', '300', '-sc_threshold', '0', '-pix_fmt', 'yuv420p', '-b:v', '200k');
  args.push('-c:a', 'aac', '-b:a', '32k', '-f', 'flv', url);
  return spawn('ffmpeg', args, { stdio: 'ignore' });
}

async function fits(page: Page, where: string) {
  const { overflow, width } = await page.evaluate(() => ({ overflow: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(overflow, `${where}: wider than the window`).toBeLessThanOrEqual(width);
}

test.describe('stream health', () => {
  test.skip(!hasFfmpeg || !rtmpPort, 'needs ffmpeg on PATH and the e2e RTMP port');
  let encoder: ChildProcess | null = null;
  test.afterEach(() => {
    encoder?.kill('SIGKILL');
    encoder = null;
  });

  test('keyframes 12 s apart: the studio warns on desktop (en) and phone (es), the console shows it', async ({ browser, request, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await adminToken(request);
    const anchor = await anchorByApi(request, admin);
    const room = await api(request, 'GET', '/api/Live/startRoom', {}, anchor.token);

    // The desktop studio at 1280 px, before the stream: the card waits for the encoder.
    const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(desk, baseURL!, anchor.token);
    await desk.addInitScript(() => localStorage.setItem('language', 'en'));
    const studio = await desk.newPage();
    await studio.goto('/member?type=9');
    const card = studio.getByTestId('stream-health');
    await expect(card).toHaveAttribute('data-receiving', 'no');
    await expect(card).toContainText('Nothing arrives from your encoder yet');

    encoder = pushLongGop(room.push_url);
    await expect(studio.getByTestId('studio-status')).toHaveAttribute('data-status', 'live');
    await expect(card).toHaveAttribute('data-receiving', 'yes');
    // The figures of what arrives (the 5 s window fills first).
    await expect(card.getByTestId('health-fps')).toContainText(/2\d(\.\d)? fps/);
    await expect(card.getByTestId('health-bitrate')).toContainText(/\d+ kbps/);
    await expect(card.getByTestId('health-size')).toHaveText(/320×180/);
    await expect(card.getByTestId('health-rung-original')).toHaveAttribute('data-up', 'yes');
    // Once the open keyframe interval passes 4 s, the warning says what to set in OBS. (A number and its
    // unit are joined by a no-break space: \s in patterns; text comparisons fold it into a space.)
    const warning = card.getByTestId('health-warning-keyframe_far');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/Keyframes arrive every \d+(\.\d)?\ss \(at most 4\ss is fine\)/);
    await expect(warning).toContainText('In OBS: Settings → Output → Keyframe Interval → 2 s.');
    await expect(card.getByTestId('health-keyframe')).toHaveClass(/stream-health__figure--bad/);
    await expect(card.getByTestId('health-ok')).toHaveCount(0);
    await fits(studio, 'studio at 1280');
    await card.scrollIntoViewIfNeeded();
    await studio.screenshot({ path: `${shots}/stream-health-studio-1280.png` });

    // The phone studio at 390 px, in Spanish: the same warning in the anchor's language.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await signInContext(phone, baseURL!, anchor.token);
    await phone.addInitScript(() => localStorage.setItem('language', 'es'));
    const m = await phone.newPage();
    await m.goto('/m/member?type=9');
    const mCard = m.getByTestId('stream-health');
    await expect(mCard).toContainText('Estado de la emisión');
    await expect(mCard.getByTestId('health-warning-keyframe_far')).toContainText('En OBS: Ajustes → Salida → Intervalo de fotogramas clave → 2 s.');
    await fits(m, 'phone studio at 390');
    await mCard.scrollIntoViewIfNeeded();
    await m.screenshot({ path: `${shots}/stream-health-studio-390.png` });

    // The console's media page: the room's figures and the same warning, in the administrator's language.
    const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(staff, baseURL!, admin);
    await staff.addInitScript(() => localStorage.setItem('language', 'en'));
    const consolePage = await staff.newPage();
    await consolePage.goto('/admin/feeds');
    await expect(consolePage.getByTestId(`media-health-${anchor.id}`)).toContainText(/\d+ kbps/);
    await expect(consolePage.getByTestId(`media-warnings-${anchor.id}`)).toContainText('Keyframe Interval → 2 s');
    await consolePage.getByTestId('media-status').scrollIntoViewIfNeeded();
    await consolePage.screenshot({ path: `${shots}/stream-health-console-1280.png` });

    await Promise.all([desk.close(), phone.close(), staff.close()]);
  });
});
