/**
 * Lane assignment for danmaku: the visible band (area) is cut into lanes one line high; a new
 * item takes the first lane whose last item has fully entered the screen with a gap behind it
 * (so nothing overlaps), else the lane whose tail is furthest in (least overlap) — or it is dropped
 * when `dropWhenFull`, which keeps a flood readable.
 */
export interface LaneTail {
  /** Right edge of the lane's last item, in px from the left of the layer. */
  right: number;
}

/** Fraction of the height used per area setting: 1 = quarter, 2 = half, 3 = three quarters, 4 = full. */
export const AREA_FRACTION: Record<number, number> = { 1: 0.25, 2: 0.5, 3: 0.75, 4: 1 };

export function laneCount(height: number, lineHeight: number, area: number) {
  const band = height * (AREA_FRACTION[area] ?? 0.75);
  return Math.max(1, Math.floor(band / lineHeight));
}

export function pickLane(tails: (LaneTail | undefined)[], lanes: number, width: number, gap: number, dropWhenFull = false): number {
  let best = -1;
  let bestRight = Infinity;
  for (let i = 0; i < lanes; i++) {
    const tail = tails[i];
    if (!tail || tail.right + gap <= width) return i;
    if (tail.right < bestRight) {
      bestRight = tail.right;
      best = i;
    }
  }
  return dropWhenFull ? -1 : best;
}
