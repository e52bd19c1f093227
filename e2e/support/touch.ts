import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { findGapX } from './captcha.ts';

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

/** Solves the slider captcha by finger: look at the picture for the gap, drag the handle there. */
export async function solveSliderByFinger(page: Page) {
  const piece = page.getByTestId('captcha-piece');
  await expect(piece).toBeVisible();
  const bgSrc = await page.locator('img[class*="bg"]').first().getAttribute('src');
  const pieceSrc = await piece.getAttribute('src');
  const y = await piece.evaluate((el) => parseFloat((el as HTMLElement).style.top || '0'));
  const gapX = await findGapX(bgSrc!, pieceSrc!, Math.round(y));
  const box = (await page.getByTestId('captcha-handle').boundingBox())!;
  const sx = box.x + box.width / 2;
  const sy = box.y + box.height / 2;
  // A thumb's drag: uneven steps, a slight vertical wobble, a pause before letting go.
  const points: Array<{ x: number; y: number }> = [];
  for (let i = 1; i <= 22; i++) {
    const f = i <= 12 ? (i / 12) * 0.6 : 0.6 + ((i - 12) / 10) * 0.4;
    points.push({ x: sx + gapX * f, y: sy + Math.sin(i / 3) * 1.5 });
  }
  for (let i = 0; i < 6; i++) points.push({ x: sx + gapX, y: sy + 1 });
  await fingerDrag(page, { x: sx, y: sy }, points);
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
