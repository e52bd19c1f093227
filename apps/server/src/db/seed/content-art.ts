import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

// Pictures for the demo headlines and circle posts, painted at start-up (no files shipped, no
// network): a football pitch, a basketball court, an esports stage or an athletics track, seen
// from above, with the colours and angle varied per picture.

export type Scene = 'football' | 'basketball' | 'esports' | 'general';

/** Small deterministic random source, so a demo database looks the same on every machine. */
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
}

function vignette(ctx: SKRSContext2D, w: number, h: number) {
  const g = ctx.createRadialGradient(w / 2, h / 2, h * 0.2, w / 2, h / 2, w * 0.75);
  g.addColorStop(0, 'rgba(0,0,0,0)');
  g.addColorStop(1, 'rgba(0,0,0,0.55)');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
}

function football(ctx: SKRSContext2D, w: number, h: number, r: () => number) {
  const hue = 110 + Math.floor(r() * 25);
  for (let i = 0; i < 12; i++) {
    ctx.fillStyle = `hsl(${hue}, 45%, ${i % 2 ? 30 : 35}%)`;
    ctx.fillRect((i * w) / 12, 0, w / 12 + 1, h);
  }
  ctx.strokeStyle = 'rgba(255,255,255,0.85)';
  ctx.lineWidth = 5;
  const m = 50;
  ctx.strokeRect(m, m, w - 2 * m, h - 2 * m);
  ctx.beginPath();
  ctx.moveTo(w / 2, m);
  ctx.lineTo(w / 2, h - m);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(w / 2, h / 2, h * 0.16, 0, Math.PI * 2);
  ctx.stroke();
  for (const x of [m, w - m - 180]) ctx.strokeRect(x, h / 2 - 170, 180, 340);
  for (const x of [m, w - m - 60]) ctx.strokeRect(x, h / 2 - 80, 60, 160);
  // Players as dots in two colours, and the ball.
  const colours = [`hsl(${Math.floor(r() * 360)}, 80%, 55%)`, `hsl(${Math.floor(r() * 360)}, 15%, 92%)`];
  for (let i = 0; i < 22; i++) {
    ctx.fillStyle = colours[i % 2];
    ctx.beginPath();
    ctx.arc(m + 40 + r() * (w - 2 * m - 80), m + 30 + r() * (h - 2 * m - 60), 11, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = '#fff';
  ctx.beginPath();
  ctx.arc(w * (0.3 + r() * 0.4), h * (0.3 + r() * 0.4), 9, 0, Math.PI * 2);
  ctx.fill();
}

function basketball(ctx: SKRSContext2D, w: number, h: number, r: () => number) {
  const hue = 25 + Math.floor(r() * 12);
  for (let i = 0; i < 40; i++) {
    ctx.fillStyle = `hsl(${hue}, 55%, ${42 + (i % 3) * 3}%)`;
    ctx.fillRect(0, (i * h) / 40, w, h / 40 + 1);
  }
  ctx.strokeStyle = 'rgba(255,255,255,0.9)';
  ctx.lineWidth = 5;
  const m = 40;
  ctx.strokeRect(m, m, w - 2 * m, h - 2 * m);
  ctx.beginPath();
  ctx.moveTo(w / 2, m);
  ctx.lineTo(w / 2, h - m);
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(w / 2, h / 2, 70, 0, Math.PI * 2);
  ctx.stroke();
  const paint = `hsl(${Math.floor(r() * 360)}, 60%, 35%)`;
  for (const [x, dir] of [
    [m, 1],
    [w - m, -1],
  ] as const) {
    ctx.fillStyle = paint;
    ctx.fillRect(dir === 1 ? x : x - 230, h / 2 - 80, 230, 160);
    ctx.strokeRect(dir === 1 ? x : x - 230, h / 2 - 80, 230, 160);
    ctx.beginPath();
    ctx.arc(x, h / 2, 300, -Math.PI / 2.4, Math.PI / 2.4, dir === -1);
    if (dir === -1) {
      ctx.beginPath();
      ctx.arc(x, h / 2, 300, Math.PI - Math.PI / 2.4, Math.PI + Math.PI / 2.4);
    }
    ctx.stroke();
  }
  ctx.fillStyle = '#e8702a';
  ctx.beginPath();
  ctx.arc(w * (0.25 + r() * 0.5), h * (0.3 + r() * 0.4), 22, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#222';
  ctx.lineWidth = 2;
  ctx.stroke();
}

function esports(ctx: SKRSContext2D, w: number, h: number, r: () => number) {
  const bg = ctx.createLinearGradient(0, 0, w, h);
  const hue = Math.floor(r() * 360);
  bg.addColorStop(0, `hsl(${hue}, 70%, 12%)`);
  bg.addColorStop(1, `hsl(${(hue + 60) % 360}, 70%, 8%)`);
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = `hsla(${(hue + 180) % 360}, 90%, 60%, 0.25)`;
  ctx.lineWidth = 1;
  for (let x = 0; x < w; x += 40) {
    ctx.beginPath();
    ctx.moveTo(x, 0);
    ctx.lineTo(x, h);
    ctx.stroke();
  }
  for (let y = 0; y < h; y += 40) {
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(w, y);
    ctx.stroke();
  }
  for (let i = 0; i < 7; i++) {
    const x = r() * w;
    const y = r() * h;
    const size = 40 + r() * 140;
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(r() * Math.PI);
    ctx.shadowColor = `hsl(${(hue + i * 40) % 360}, 100%, 60%)`;
    ctx.shadowBlur = 30;
    ctx.strokeStyle = ctx.shadowColor;
    ctx.lineWidth = 6;
    ctx.beginPath();
    for (let k = 0; k < 6; k++) ctx.lineTo(Math.cos((k * Math.PI) / 3) * size, Math.sin((k * Math.PI) / 3) * size);
    ctx.closePath();
    ctx.stroke();
    ctx.restore();
  }
}

function general(ctx: SKRSContext2D, w: number, h: number, r: () => number) {
  ctx.fillStyle = `hsl(${8 + Math.floor(r() * 10)}, 55%, 40%)`;
  ctx.fillRect(0, 0, w, h);
  ctx.strokeStyle = 'rgba(255,255,255,0.85)';
  ctx.lineWidth = 4;
  const lanes = 8;
  for (let i = 0; i <= lanes; i++) {
    ctx.beginPath();
    ctx.ellipse(w / 2, h / 2, 300 + i * 38, 140 + i * 38, 0, 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.fillStyle = `hsl(120, 35%, ${30 + r() * 8}%)`;
  ctx.beginPath();
  ctx.ellipse(w / 2, h / 2, 296, 136, 0, 0, Math.PI * 2);
  ctx.fill();
  for (let i = 0; i < lanes; i++) {
    ctx.fillStyle = `hsl(${Math.floor(r() * 360)}, 80%, 60%)`;
    const a = r() * Math.PI * 2;
    ctx.beginPath();
    ctx.arc(w / 2 + Math.cos(a) * (319 + i * 38), h / 2 + Math.sin(a) * (159 + i * 38), 10, 0, Math.PI * 2);
    ctx.fill();
  }
}

const painters: Record<Scene, typeof football> = { football, basketball, esports, general };

/** A 1280×720 PNG of the scene; `seed` varies colours and positions. */
export function paintScene(scene: Scene, seed: number, width = 1280, height = 720): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const r = rng(seed * 7919 + scene.length);
  ctx.save();
  // A slight tilt reads as a camera view rather than a diagram.
  ctx.translate(width / 2, height / 2);
  ctx.rotate((r() - 0.5) * 0.12);
  ctx.scale(1.12, 1.12);
  ctx.translate(-width / 2, -height / 2);
  painters[scene](ctx, width, height, r);
  ctx.restore();
  vignette(ctx, width, height);
  return canvas.toBuffer('image/png');
}
