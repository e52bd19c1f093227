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
  const inside: number[] = [];
  for (let j = 2; j < p.height - 2; j++) {
    for (let i = 2; i < p.width - 2; i++) {
      // Opaque and surrounded by opaque pixels: off the anti-aliased rim.
      let opaque = true;
      for (let dj = -2; dj <= 2 && opaque; dj++) for (let di = -2; di <= 2 && opaque; di++) if (p.data[((j + dj) * p.width + i + di) * 4 + 3] < 255) opaque = false;
      if (opaque) inside.push(j * p.width + i);
    }
  }
  let best = { x: 0, y: 0 };
  let bestErr = Infinity;
  for (let y = 0; y + p.height <= b.height; y++) {
    for (let x = 0; x + p.width <= b.width; x++) {
      let err = 0;
      for (const k of inside) {
        const i = k % p.width;
        const j = Math.floor(k / p.width);
        const bi = ((y + j) * b.width + x + i) * 4;
        const pi = k * 4;
        for (let c = 0; c < 3; c++) err += Math.abs(b.data[bi + c] - p.data[pi + c] * 0.5);
        if (err >= bestErr) break;
      }
      if (err < bestErr) {
        bestErr = err;
        best = { x, y };
      }
    }
  }
  return best;
}
