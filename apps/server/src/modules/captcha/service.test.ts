import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CAPTCHA_CHALLENGE_TTL_SECONDS, CAPTCHA_HEIGHT, CAPTCHA_TICKET_TTL_SECONDS, CAPTCHA_WIDTH } from '@livesports/contracts/captcha';
import { type Database, openDatabase } from '../../db/client.ts';
import { PIECE_SIZE } from './image.ts';
import { type CaptchaRepo, createCaptchaRepo } from './repo.ts';
import { type CaptchaService, type TracePoint, createCaptchaService, judgeTrace } from './service.ts';
import { humanTrace } from './solve.ts';

const START = Date.parse('2030-01-01T00:00:00Z');
let t = START;
const clock = { now: () => new Date(t) };

let dir: string;
let database: Database;
let repo: CaptchaRepo;
let sut: CaptchaService;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'captcha-test-'));
  database = await openDatabase({ dataDir: dir });
  repo = createCaptchaRepo(database.db);
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  t = START;
  sut = createCaptchaService({ repo, clock });
});

async function puzzle() {
  const p = await sut.issue();
  const answer = await repo.answer(p.id);
  if (!answer) throw new Error('challenge not stored');
  return { id: p.id, gapX: answer.gapX };
}

const failed = { key: 'captcha.failed' };
const expired = { key: 'captcha.expired' };
/** Equal steps at equal ticks: the drag of a naive script. */
const linear = (x: number): TracePoint[] => Array.from({ length: 21 }, (_, i) => [(x * i) / 20, 0, i * 20]);

describe('issue', () => {
  it('draws a background and a piece as PNG data URLs of the contract sizes', async () => {
    const p = await sut.issue();
    expect(p).toMatchObject({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
    expect(p.bg).toMatch(/^data:image\/png;base64,/);
    expect(p.piece).toMatch(/^data:image\/png;base64,/);
    const bg = await loadImage(Buffer.from(p.bg.split(',')[1], 'base64'));
    const piece = await loadImage(Buffer.from(p.piece.split(',')[1], 'base64'));
    expect([bg.width, bg.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    expect([piece.width, piece.height]).toEqual([PIECE_SIZE, PIECE_SIZE]);

    const answer = await repo.answer(p.id);
    expect(answer?.gapY).toBe(p.y);
    expect(answer!.gapX).toBeGreaterThan(PIECE_SIZE);
    expect(answer!.gapX + PIECE_SIZE).toBeLessThanOrEqual(CAPTCHA_WIDTH);
    expect(p.y + PIECE_SIZE).toBeLessThanOrEqual(CAPTCHA_HEIGHT);
  });

  it('deletes long-expired challenges on a later issue', async () => {
    const old = await sut.issue();
    t += (CAPTCHA_CHALLENGE_TTL_SECONDS + CAPTCHA_TICKET_TTL_SECONDS + 61) * 1000;
    await sut.issue();
    expect(await repo.answer(old.id)).toBeNull();
  });
});

describe('check', () => {
  it('passes the right spot with a human drag and returns a ticket', async () => {
    const { id, gapX } = await puzzle();
    const result = await sut.check({ id, x: gapX + 4, trace: humanTrace(gapX + 4) });
    expect(result.ret).toBe(0);
    expect(result.ticket).toMatch(/^[\w-]{32,}$/);
  });

  it('fails a spot beyond the tolerance', async () => {
    const { id, gapX } = await puzzle();
    await expect(sut.check({ id, x: gapX + 6, trace: humanTrace(gapX + 6) })).rejects.toMatchObject(failed);
    await expect(sut.check({ id, x: gapX - 40, trace: humanTrace(gapX - 40) })).rejects.toMatchObject(failed);
  });

  it('fails robotic traces at the right spot', async () => {
    const { id, gapX } = await puzzle();
    await expect(
      sut.check({
        id,
        x: gapX,
        trace: [
          [0, 0, 0],
          [gapX, 0, 300],
        ],
      }),
    ).rejects.toMatchObject(failed);
    await expect(sut.check({ id, x: gapX, trace: humanTrace(gapX).map(([x, y]) => [x, y, 0]) })).rejects.toMatchObject(failed);
    await expect(sut.check({ id, x: gapX, trace: linear(gapX) })).rejects.toMatchObject(failed);
  });

  it('burns a puzzle after three tries', async () => {
    const { id, gapX } = await puzzle();
    for (let i = 0; i < 3; i++) await expect(sut.check({ id, x: gapX + 50, trace: humanTrace(gapX + 50) })).rejects.toMatchObject(failed);
    await expect(sut.check({ id, x: gapX, trace: humanTrace(gapX) })).rejects.toMatchObject(expired);
  });

  it('still passes on the third try', async () => {
    const { id, gapX } = await puzzle();
    for (let i = 0; i < 2; i++) await expect(sut.check({ id, x: gapX + 50, trace: humanTrace(gapX + 50) })).rejects.toMatchObject(failed);
    await expect(sut.check({ id, x: gapX, trace: humanTrace(gapX) })).resolves.toMatchObject({ ret: 0 });
  });

  it('answers expired for an expired, solved or unknown puzzle', async () => {
    const a = await puzzle();
    t += CAPTCHA_CHALLENGE_TTL_SECONDS * 1000;
    await expect(sut.check({ id: a.id, x: a.gapX, trace: humanTrace(a.gapX) })).rejects.toMatchObject(expired);

    const b = await puzzle();
    await sut.check({ id: b.id, x: b.gapX, trace: humanTrace(b.gapX) });
    await expect(sut.check({ id: b.id, x: b.gapX, trace: humanTrace(b.gapX) })).rejects.toMatchObject(expired);

    await expect(sut.check({ id: 'nope', x: 100, trace: humanTrace(100) })).rejects.toMatchObject(expired);
  });
});

describe('consumeTicket', () => {
  async function ticket() {
    const { id, gapX } = await puzzle();
    return (await sut.check({ id, x: gapX, trace: humanTrace(gapX) })).ticket;
  }

  it('accepts a ticket once and refuses the replay', async () => {
    const tk = await ticket();
    expect(await sut.consumeTicket(tk)).toBe(true);
    expect(await sut.consumeTicket(tk)).toBe(false);
  });

  it('refuses an expired, empty or made-up ticket', async () => {
    const tk = await ticket();
    t += CAPTCHA_TICKET_TTL_SECONDS * 1000;
    expect(await sut.consumeTicket(tk)).toBe(false);
    expect(await sut.consumeTicket('')).toBe(false);
    expect(await sut.consumeTicket('made-up')).toBe(false);
  });

  it('lets only one of two simultaneous uses win', async () => {
    const tk = await ticket();
    const results = await Promise.all([sut.consumeTicket(tk), sut.consumeTicket(tk)]);
    expect(results.sort()).toEqual([false, true]);
  });
});

describe('judgeTrace', () => {
  it('accepts generated human drags', () => {
    for (let i = 0; i < 200; i++) {
      const x = 80 + Math.floor(Math.random() * 170);
      expect(judgeTrace(humanTrace(x), x)).toBeNull();
    }
  });

  it('accepts a Playwright-style drag: even steps, then a pause before release', () => {
    // mouse.move(x, y, { steps: 20 }) lands a sample every few ms; waitForTimeout(150) then mouse.up().
    const steps: TracePoint[] = Array.from({ length: 21 }, (_, i) => [i * 7, 0, i * 3 + (i % 3)]);
    expect(judgeTrace([...steps, [140, 0, 215]], 140)).toBeNull();
  });

  it('names what gives a robot away', () => {
    expect(
      judgeTrace(
        [
          [0, 0, 0],
          [150, 0, 300],
        ],
        150,
      ),
    ).toBe('too few samples');
    expect(judgeTrace(humanTrace(150).reverse(), 150)).toBe('time goes backwards');
    expect(
      judgeTrace(
        linear(150).map(([x, y, ms]) => [x, y, ms / 10]),
        150,
      ),
    ).toBe('too fast');
    expect(judgeTrace(humanTrace(150), 120)).toBe('trace does not end at x');
    expect(judgeTrace(linear(150), 150)).toBe('constant speed');
    // Pixel rounding alone is not variance enough.
    expect(
      judgeTrace(
        linear(150).map(([x, y, ms]) => [Math.round(x), y, ms]),
        150,
      ),
    ).toBe('constant speed');
    expect(
      judgeTrace(
        [
          [0, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
          [0, 0, 0],
          [150, 0, 200],
        ],
        150,
      ),
    ).toBe('too few intervals');
  });
});
