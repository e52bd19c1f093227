import { createCanvas, loadImage } from '@napi-rs/canvas';

/**
 * Finds where the puzzle piece fits, the way a person's eye does: the gap is the picture under
 * the piece, dimmed. For each place (x, y) in the picture, compare the background with the
 * piece's pixels at half brightness (inside the piece only, away from its rim) and take the best
 * match. Returns the piece's top-left at the gap.
 */
export async function findGap(bgDataUrl: string, pieceDataUrl: string): Promise<{ x: number; y: number }> {
  const [bg, piece] = await Promise.all([loadImage(bgDataUrl), loadImage(pieceDataUrl)]);
  const read = (img: typeof bg) => {
    const c = createCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    return ctx.getImageData(0, 0, img.width, img.height);
  };
  const b = read(bg);
  const p = read(piece);
  // Plain arrays read once: the canvas' pixel getters are slow when called per pixel.
  const bd = Uint8Array.from(b.data);
  const pd = Uint8Array.from(p.data);
  const bw = b.width;
  // Inside the piece, away from its anti-aliased rim: each pixel's place and its colour at half brightness.
  const offs: number[] = [];
  const want: number[] = [];
  for (let j = 2; j < p.height - 2; j++) {
    for (let i = 2; i < p.width - 2; i++) {
      let opaque = true;
      for (let dj = -2; dj <= 2 && opaque; dj++) for (let di = -2; di <= 2 && opaque; di++) if (pd[((j + dj) * p.width + i + di) * 4 + 3] < 255) opaque = false;
      if (!opaque) continue;
      offs.push((j * bw + i) * 4);
      const k = (j * p.width + i) * 4;
      want.push(pd[k] * 0.5, pd[k + 1] * 0.5, pd[k + 2] * 0.5);
    }
  }
  let best = { x: 0, y: 0 };
  let bestErr = Infinity;
  for (let y = 0; y + p.height <= b.height; y++) {
    for (let x = 0; x + p.width <= bw; x++) {
      const base = (y * bw + x) * 4;
      let err = 0;
      for (let n = 0; n < offs.length && err < bestErr; n++) {
        const bi = base + offs[n];
        err += Math.abs(bd[bi] - want[3 * n]) + Math.abs(bd[bi + 1] - want[3 * n + 1]) + Math.abs(bd[bi + 2] - want[3 * n + 2]);
      }
      if (err < bestErr) {
        bestErr = err;
        best = { x, y };
      }
    }
  }
  return best;
}
