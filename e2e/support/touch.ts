import type { Page } from '@playwright/test';
import { locateGap } from './slider.ts';

/** A finger on the screen (Chromium's touch input through the DevTools protocol). */
export async function fingerDrag(page: Page, from: { x: number; y: number }, points: Array<{ x: number; y: number }>, frameMs = 16) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  for (const p of points) {
    // A finger moves at the screen's pace (about one sample per frame), not all at once.
    await page.waitForTimeout(frameMs);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: p.x, y: p.y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Solves the captcha by finger: look at the picture for the gap, drag the piece there. */
export async function solveSliderByFinger(page: Page) {
  const { from, to } = await locateGap(page);
  // A thumb's drag: uneven steps, a slight wobble, a pause before letting go.
  const points: Array<{ x: number; y: number }> = [];
  for (let i = 1; i <= 22; i++) {
    const f = i <= 12 ? (i / 12) * 0.6 : 0.6 + ((i - 12) / 10) * 0.4;
    const wobble = i < 22 ? Math.sin(i / 3) * 1.5 : 0;
    points.push({ x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f + wobble });
  }
  for (let i = 0; i < 6; i++) points.push(to);
  await fingerDrag(page, from, points);
}

/** A horizontal swipe across an element (tabs). */
export async function swipe(page: Page, selector: string, dx: number) {
  const box = (await page.locator(selector).first().boundingBox())!;
  const y = box.y + Math.min(box.height / 2, 120);
  const x0 = dx < 0 ? box.x + box.width * 0.8 : box.x + box.width * 0.2;
  await fingerDrag(
    page,
    { x: x0, y },
    Array.from({ length: 8 }, (_, i) => ({ x: x0 + (dx * (i + 1)) / 8, y })),
  );
}
