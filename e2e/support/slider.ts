import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { findGap } from './captcha.ts';

/** Where the gap is, in page pixels, and where the piece's grip point is now. */
export async function locateGap(page: Page) {
  const piece = page.getByTestId('captcha-piece');
  await expect(piece).toBeVisible();
  await expect(page.locator('[data-phase="ready"]')).toBeVisible();
  const bg = page.getByTestId('captcha-bg');
  const gap = await findGap((await bg.getAttribute('src'))!, (await piece.getAttribute('src'))!);
  const bgBox = (await bg.boundingBox())!;
  const box = (await piece.boundingBox())!;
  // Grab the piece by its middle; it moves 1:1 with the pointer, so the grip lands at the gap's middle.
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const to = { x: bgBox.x + gap.x + box.width / 2, y: bgBox.y + gap.y + box.height / 2 };
  return { from, to };
}

/**
 * Solves the captcha shown in the page as a person would: look at the picture to find the gap,
 * then drag the piece there with the mouse.
 */
export async function solveSlider(page: Page) {
  const { from, to } = await locateGap(page);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (to.x - from.x) * 0.6, from.y + (to.y - from.y) * 0.5 + 1, { steps: 12 });
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.waitForTimeout(180);
  await page.mouse.up();
}
