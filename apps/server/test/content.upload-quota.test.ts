import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { newUser, otherApp } from './helpers.ts';
import { mp4Bytes, picture, tusCreate, tusPatch, uploadToken } from './content-helpers.ts';

// Issue #51 item 2: one user opened 60 resumable uploads of 500 MB and all were accepted. Here the
// limits are small (two open uploads, 1 MB declared in all) so the test stays quick; the defaults
// (3 and 1 GB) are the README's.
let app: FastifyInstance;
let full: FastifyInstance;
beforeAll(async () => {
  app = await otherApp({ UPLOAD_MAX_OPEN: '2', UPLOAD_MAX_OPEN_MB: '1' });
  // A disk "below the floor": the floor is set higher than any disk.
  full = await otherApp({ UPLOAD_MIN_FREE_MB: String(1e12) });
});
afterAll(async () => {
  await app.close();
  await full.close();
});

describe('unfinished uploads: per-user quota', () => {
  it('a user holds at most UPLOAD_MAX_OPEN unfinished uploads; finishing one frees a place', async () => {
    const alice = await newUser(app);
    const ut = await uploadToken(app, alice.token);
    const body = await picture('png', 320, 180);
    const first = await tusCreate(app, { uploadToken: ut, kind: 'cover', size: body.length, filetype: 'image/png' });
    expect(first.status).toBe(201);
    expect((await tusCreate(app, { uploadToken: ut, kind: 'video', size: 1000, filetype: 'video/mp4' })).status).toBe(201);
    const third = await tusCreate(app, { uploadToken: ut, kind: 'video', size: 1000, filetype: 'video/mp4' });
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ code: 1, msg: 'You have 2 unfinished uploads: finish or wait for one of them before starting another', data: null });
    const zh = await tusCreate(app, { uploadToken: ut, kind: 'cover', size: 1000, filetype: 'image/png', lang: 'zh' });
    expect(zh.json?.msg).toBe('您有 2 个未完成的上传，请先完成其中一个再开始新的上传');
    // The open ones were kept, not dropped: the first one finishes.
    const done = await tusPatch(app, String(first.headers.location), { uploadToken: ut, offset: 0, body });
    expect(done.status).toBe(200);
    expect((await tusCreate(app, { uploadToken: ut, kind: 'video', size: 1000, filetype: 'video/mp4' })).status).toBe(201);
    // Somebody else's uploads do not count against her.
    const bob = await newUser(app);
    expect((await tusCreate(app, { uploadToken: await uploadToken(app, bob.token), kind: 'video', size: 1000, filetype: 'video/mp4' })).status).toBe(201);
  });

  it('the bytes declared by one user together stay under UPLOAD_MAX_OPEN_MB', async () => {
    const carol = await newUser(app);
    const ut = await uploadToken(app, carol.token);
    expect((await tusCreate(app, { uploadToken: ut, kind: 'video', size: 600 * 1024, filetype: 'video/mp4' })).status).toBe(201);
    const over = await tusCreate(app, { uploadToken: ut, kind: 'video', size: 600 * 1024, filetype: 'video/mp4', lang: 'es' });
    expect(over.status).toBe(413);
    expect(over.json?.msg).toBe('Sus subidas sin terminar superarían los 1 MB: termine una de ellas antes de empezar otra');
    const en = await tusCreate(app, { uploadToken: ut, kind: 'video', size: 600 * 1024, filetype: 'video/mp4' });
    expect(en.json?.msg).toBe('Your unfinished uploads would exceed 1 MB: finish one of them before starting another');
    // What still fits is accepted.
    expect((await tusCreate(app, { uploadToken: ut, kind: 'video', size: 400 * 1024, filetype: 'video/mp4' })).status).toBe(201);
  });

  it('creations sent at once cannot all take the last place', async () => {
    const dave = await newUser(app);
    const ut = await uploadToken(app, dave.token);
    const all = await Promise.all(Array.from({ length: 8 }, () => tusCreate(app, { uploadToken: ut, kind: 'video', size: 1000, filetype: 'video/mp4' })));
    expect(all.filter((r) => r.status === 201)).toHaveLength(2);
    expect(all.filter((r) => r.status === 429)).toHaveLength(6);
  });

  it('an upload that was refused at the end no longer counts', async () => {
    const erin = await newUser(app);
    const ut = await uploadToken(app, erin.token);
    const text = Buffer.from('not a video '.repeat(100));
    for (let i = 0; i < 3; i++) {
      const created = await tusCreate(app, { uploadToken: ut, kind: 'video', size: text.length, filetype: 'video/mp4' });
      expect(created.status).toBe(201);
      expect((await tusPatch(app, String(created.headers.location), { uploadToken: ut, offset: 0, body: text })).status).toBe(415);
    }
    const video = mp4Bytes(4000);
    expect((await tusCreate(app, { uploadToken: ut, kind: 'video', size: video.length, filetype: 'video/mp4' })).status).toBe(201);
  });
});

describe('unfinished uploads: the free-disk floor', () => {
  it('refuses new uploads while the disk is below UPLOAD_MIN_FREE_MB, in each language', async () => {
    const frank = await newUser(full);
    const ut = await uploadToken(full, frank.token);
    const res = await tusCreate(full, { uploadToken: ut, kind: 'cover', size: 1000, filetype: 'image/png' });
    expect(res.status).toBe(507);
    expect(res.json).toMatchObject({ code: 1, msg: 'The server has no room for new uploads right now, please try again later' });
    const zh = await tusCreate(full, { uploadToken: ut, kind: 'cover', size: 1000, filetype: 'image/png', lang: 'zh' });
    expect(zh.json?.msg).toBe('服务器暂时没有空间接收新的上传，请稍后再试');
    // The site's own disk (the default floor) takes the same upload.
    expect((await tusCreate(app, { uploadToken: await uploadToken(app, frank.token), kind: 'cover', size: 1000, filetype: 'image/png' })).status).toBe(201);
  });
});
