import { randomInt } from 'node:crypto';
import { type Canvas, type SKRSContext2D, Path2D, createCanvas } from '@napi-rs/canvas';
import { CAPTCHA_HEIGHT, CAPTCHA_PIECE, CAPTCHA_WIDTH } from '@livesports/contracts/captcha';

/** Room around the square body for the knobs that stick out of it. */
export const PIECE_MARGIN = 10;
/** Side of the piece PNG: the body plus a knob margin on every side, whichever sides have knobs. */
export const PIECE_SIZE = CAPTCHA_PIECE + 2 * PIECE_MARGIN;

const KNOB_RADIUS = 7;
const NOISE_BLOCK = 2;
const NOISE_AMPLITUDE = 32;
/** How far the knob's centre sits beyond the edge; the knob then protrudes KNOB_RADIUS + this = the margin. */
const KNOB_OFFSET = PIECE_MARGIN - KNOB_RADIUS;

type Edge = 'out' | 'in';
/** Top, right, bottom, left: drawn per puzzle so the outline is not one fixed template to match. */
export type PieceShape = [Edge, Edge, Edge, Edge];

export interface PuzzleImages {
  /** Background with the gap, PNG data: URL, CAPTCHA_WIDTH × CAPTCHA_HEIGHT. */
  bg: string;
  /** The piece alone on a transparent PNG, PIECE_SIZE square, as a data: URL. */
  piece: string;
}

export function randomShape(): PieceShape {
  const edge = (): Edge => (randomInt(2) === 0 ? 'out' : 'in');
  const shape: PieceShape = [edge(), edge(), edge(), edge()];
  // All-in or all-out reads as a blob, not a jigsaw piece: force one of each.
  if (shape.every((e) => e === shape[0])) shape[randomInt(4)] = shape[0] === 'out' ? 'in' : 'out';
  return shape;
}

/**
 * The jigsaw outline with the piece canvas' top-left at (ox, oy). Edges run clockwise; each has a
 * round knob in its middle that bulges outward ('out') or is bitten inward ('in').
 */
export function piecePath(shape: PieceShape, ox: number, oy: number): Path2D {
  const path = new Path2D();
  const a = ox + PIECE_MARGIN;
  const b = oy + PIECE_MARGIN;
  const s = CAPTCHA_PIECE;
  const corners: [number, number][] = [
    [a, b],
    [a + s, b],
    [a + s, b + s],
    [a, b + s],
  ];
  const half = Math.sqrt(KNOB_RADIUS ** 2 - KNOB_OFFSET ** 2);
  path.moveTo(a, b);
  for (let i = 0; i < 4; i++) {
    const [x0, y0] = corners[i];
    const [x1, y1] = corners[(i + 1) % 4];
    const dx = Math.sign(x1 - x0);
    const dy = Math.sign(y1 - y0);
    // Clockwise on screen (y down), the outward normal of direction (dx, dy) is (dy, -dx).
    const sign = shape[i] === 'out' ? 1 : -1;
    const nx = dy * sign;
    const ny = -dx * sign;
    const mx = (x0 + x1) / 2;
    const my = (y0 + y1) / 2;
    const cx = mx + nx * KNOB_OFFSET;
    const cy = my + ny * KNOB_OFFSET;
    const startX = mx - dx * half;
    const startY = my - dy * half;
    const endX = mx + dx * half;
    const endY = my + dy * half;
    path.lineTo(startX, startY);
    const a0 = Math.atan2(startY - cy, startX - cx);
    const a1 = Math.atan2(endY - cy, endX - cx);
    // The long way round, through the far side of the knob (the point centre + normal·r).
    const far = Math.atan2(ny, nx);
    const turn = (from: number, to: number) => (((to - from) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
    path.arc(cx, cy, KNOB_RADIUS, a0, a1, turn(a0, far) > turn(a0, a1));
    path.lineTo(x1, y1);
  }
  path.closePath();
  return path;
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${Math.round(h)}, ${Math.round(s)}%, ${Math.round(l)}%, ${a.toFixed(2)})`;

/**
 * A busy random picture: a gradient sky, rolling hills, loose shapes and per-pixel noise, so the gap
 * is no flat patch a colour diff or edge filter finds at a glance.
 */
function paintBackground(ctx: SKRSContext2D) {
  const w = CAPTCHA_WIDTH;
  const h = CAPTCHA_HEIGHT;
  const hue = rand(0, 360);

  const sky = ctx.createLinearGradient(0, 0, rand(0, w), h);
  sky.addColorStop(0, hsl(hue, rand(40, 80), rand(55, 75)));
  sky.addColorStop(0.5, hsl(hue + rand(30, 90), rand(40, 80), rand(45, 65)));
  sky.addColorStop(1, hsl(hue + rand(120, 200), rand(40, 80), rand(30, 50)));
  ctx.fillStyle = sky;
  ctx.fillRect(0, 0, w, h);

  const sun = ctx.createRadialGradient(rand(0, w), rand(0, h / 2), 2, rand(0, w), rand(0, h / 2), rand(60, 140));
  sun.addColorStop(0, hsl(hue + 40, 90, 85, 0.7));
  sun.addColorStop(1, hsl(hue + 40, 90, 85, 0));
  ctx.fillStyle = sun;
  ctx.fillRect(0, 0, w, h);

  // Hills: a few sine ridges from back to front, darker as they come forward.
  for (let layer = 0; layer < 3; layer++) {
    const base = h * (0.45 + layer * 0.17);
    const amp = rand(8, 24);
    const freq = rand(1, 3.5);
    const phase = rand(0, Math.PI * 2);
    ctx.beginPath();
    ctx.moveTo(0, h);
    for (let x = 0; x <= w; x += 8) ctx.lineTo(x, base + Math.sin((x / w) * Math.PI * freq + phase) * amp);
    ctx.lineTo(w, h);
    ctx.closePath();
    ctx.fillStyle = hsl(hue + 150 + layer * 20, rand(30, 60), 45 - layer * 10, 0.85);
    ctx.fill();
  }

  // Loose shapes of every kind, so edges run everywhere and not only around the gap.
  for (let i = 0; i < 18; i++) {
    ctx.fillStyle = hsl(rand(0, 360), rand(40, 90), rand(25, 80), rand(0.15, 0.55));
    ctx.strokeStyle = hsl(rand(0, 360), rand(40, 90), rand(20, 85), rand(0.2, 0.6));
    ctx.lineWidth = rand(1, 4);
    const x = rand(-20, w + 20);
    const y = rand(-20, h + 20);
    const size = rand(8, 46);
    ctx.beginPath();
    switch (i % 4) {
      case 0:
        ctx.arc(x, y, size / 2, 0, Math.PI * 2);
        ctx.fill();
        break;
      case 1:
        ctx.roundRect(x, y, size, size * rand(0.4, 1.4), rand(0, 8));
        ctx.fill();
        break;
      case 2:
        ctx.moveTo(x, y);
        ctx.lineTo(x + size, y + rand(-size, size));
        ctx.lineTo(x + rand(-size, size), y + size);
        ctx.closePath();
        ctx.fill();
        break;
      default:
        ctx.moveTo(x, y);
        ctx.bezierCurveTo(x + rand(-80, 80), y + rand(-60, 60), x + rand(-80, 80), y + rand(-60, 60), x + rand(-120, 120), y + rand(-60, 60));
        ctx.stroke();
    }
  }

  // Grain last, so the gap's inside is as busy as its surroundings. One value per 2×2 block:
  // per-pixel noise looks the same but triples the PNG (~100 KB instead of ~35 KB).
  const img = ctx.getImageData(0, 0, w, h);
  const px = img.data;
  const cols = Math.ceil(w / NOISE_BLOCK);
  const grain = Float32Array.from({ length: cols * Math.ceil(h / NOISE_BLOCK) }, () => (Math.random() - 0.5) * NOISE_AMPLITUDE);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const n = grain[Math.floor(y / NOISE_BLOCK) * cols + Math.floor(x / NOISE_BLOCK)];
      const i = (y * w + x) * 4;
      px[i] = Math.max(0, Math.min(255, px[i] + n));
      px[i + 1] = Math.max(0, Math.min(255, px[i + 1] + n));
      px[i + 2] = Math.max(0, Math.min(255, px[i + 2] + n));
    }
  }
  ctx.putImageData(img, 0, 0);
}

function cutPiece(source: Canvas, shape: PieceShape, gapX: number, gapY: number): Canvas {
  const canvas = createCanvas(PIECE_SIZE, PIECE_SIZE);
  const ctx = canvas.getContext('2d');
  const outline = piecePath(shape, 0, 0);
  ctx.save();
  ctx.clip(outline);
  ctx.drawImage(source, -gapX, -gapY);
  ctx.restore();
  // A light rim so the piece reads as a piece against any picture.
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.85)';
  ctx.stroke(outline);
  return canvas;
}

function punchGap(ctx: SKRSContext2D, shape: PieceShape, gapX: number, gapY: number) {
  const outline = piecePath(shape, gapX, gapY);
  // Darken rather than paint over: the noise and shapes show through, only dimmer.
  ctx.fillStyle = 'rgba(0, 0, 0, 0.5)';
  ctx.fill(outline);
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.6)';
  ctx.stroke(outline);
}

/** Draws one puzzle: the piece is cut from the picture before the gap is punched where it came from. */
export async function drawPuzzle(gapX: number, gapY: number, shape: PieceShape = randomShape()): Promise<PuzzleImages> {
  const canvas = createCanvas(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const ctx = canvas.getContext('2d');
  paintBackground(ctx);
  const piece = cutPiece(canvas, shape, gapX, gapY);
  punchGap(ctx, shape, gapX, gapY);
  // The async encoders run on libuv's pool, keeping PNG compression off the event loop.
  const [bg, pieceUrl] = await Promise.all([canvas.toDataURLAsync('image/png'), piece.toDataURLAsync('image/png')]);
  return { bg, piece: pieceUrl };
}
