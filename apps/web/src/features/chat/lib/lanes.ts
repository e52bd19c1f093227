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

/** Share of the picture's height kept clear at the top with "avoid top" on: the broadcast's scoreboard and the LIVE badge. */
export const TOP_CLEAR_FRACTION = 0.14;
/** Lane 0's top edge, in px from the top of the layer. */
export const LANE_TOP_PX = 6;

/**
 * The lanes danmaku may use: from the first one wholly below the top strip (avoid top on) or the
 * very top, to the end of the chosen area; at least one lane whatever the size.
 */
export function laneBand(height: number, lineHeight: number, area: number, avoidTop: boolean): { first: number; end: number } {
  const first = avoidTop ? Math.max(0, Math.ceil((height * TOP_CLEAR_FRACTION - LANE_TOP_PX) / lineHeight)) : 0;
  return { first, end: Math.max(first + 1, laneCount(height, lineHeight, area)) };
}

/** Picks among lanes `first` to `lanes - 1`. */
export function pickLane(tails: (LaneTail | undefined)[], lanes: number, width: number, gap: number, dropWhenFull = false, first = 0): number {
  let best = -1;
  let bestRight = Infinity;
  for (let i = first; i < lanes; i++) {
    const tail = tails[i];
    if (!tail || tail.right + gap <= width) return i;
    if (tail.right < bestRight) {
      bestRight = tail.right;
      best = i;
    }
  }
  return dropWhenFull ? -1 : best;
}
