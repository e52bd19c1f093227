import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import * as tus from 'tus-js-client';
import { COVER_MAX_BYTES, VIDEO_MAX_BYTES } from '@livesports/contracts/content';
import { seedUser, otherApp, testApp } from './helpers.ts';
import { mp4Bytes, picture, tusCreate, tusHead, tusPatch, upload, uploadToken } from './content-helpers.ts';

let app: FastifyInstance;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
beforeAll(async () => {
  app = await testApp();
  bob = await seedUser(app);
});
// A fresh uploader per test: the uploads a test leaves unfinished count against their owner's
// limit of open uploads (UPLOAD_MAX_OPEN, content.upload-quota.test.ts).
beforeEach(async () => {
  alice = await seedUser(app);
});

const fetchFile = (url: string) => app.inject({ method: 'GET', url });

describe('tus uploads: who may upload', () => {
  it('needs the upload token of getQiniuToken', async () => {
    const none = await tusCreate(app, { kind: 'cover', size: 100 });
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ code: 700, msg: 'Your session has expired. Please log in again.' });
    const forged = await tusCreate(app, { uploadToken: 'eyJ1aWQiOjF9.forged', kind: 'cover', size: 100, lang: 'zh' });
    expect(forged.status).toBe(401);
    expect(forged.json?.msg).toBe('验证失败，请重新登录。');
  });

  it('an upload can only be resumed by its owner', async () => {
    const ut = await uploadToken(app, alice.token);
    const created = await tusCreate(app, { uploadToken: ut, kind: 'cover', size: 1000 });
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^/files/${alice.id}-cover-[0-9a-f]{24}$`));
    const bobs = await uploadToken(app, bob.token);
    const head = await tusHead(app, location, bobs);
    expect(head.status).toBe(403);
    const patch = await tusPatch(app, location, { uploadToken: bobs, offset: 0, body: Buffer.alloc(10) });
    expect(patch.json).toMatchObject({ code: 1, msg: 'This upload belongs to someone else' });
  });
});

describe('tus uploads: limits by size, declared before any byte is sent', () => {
  it('refuses an unknown kind and a missing size', async () => {
    const ut = await uploadToken(app, alice.token);
    const bad = await tusCreate(app, { uploadToken: ut, kind: 'music', size: 10 });
    expect(bad.status).toBe(400);
    expect(bad.json?.msg).toBe('Unknown upload type');
    const deferred = await app.inject({
      method: 'POST',
      url: '/files',
      headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1', 'upload-metadata': `kind ${Buffer.from('video').toString('base64')}`, 'upload-token': ut },
    });
    expect(deferred.statusCode).toBe(400);
  });

  it('a cover is at most 5 MB', async () => {
    const ut = await uploadToken(app, alice.token);
    const big = await tusCreate(app, { uploadToken: ut, kind: 'cover', size: COVER_MAX_BYTES + 1, filetype: 'image/png' });
    expect(big.status).toBe(413);
    expect(big.json?.msg).toBe('The cover image cannot exceed 5 MB');
    expect((await tusCreate(app, { uploadToken: ut, kind: 'cover', size: COVER_MAX_BYTES, filetype: 'image/png' })).status).toBe(201);
  });

  it('a video is at most 500 MB, with the spec message in each language', async () => {
    const ut = await uploadToken(app, alice.token);
    const big = await tusCreate(app, { uploadToken: ut, kind: 'video', size: VIDEO_MAX_BYTES + 1, filetype: 'video/mp4' });
    expect(big.status).toBe(413);
    expect(big.json?.msg).toBe('The video cannot exceed 500 MB');
    const zh = await tusCreate(app, { uploadToken: ut, kind: 'video', size: VIDEO_MAX_BYTES + 1, lang: 'zh' });
    expect(zh.json?.msg).toBe('视频大小不能超过500MB！');
    expect((await tusCreate(app, { uploadToken: ut, kind: 'video', size: VIDEO_MAX_BYTES, filetype: 'video/mp4' })).status).toBe(201);
  });

  it('refuses a declared type that cannot be right', async () => {
    const ut = await uploadToken(app, alice.token);
    const pdf = await tusCreate(app, { uploadToken: ut, kind: 'video', size: 1000, filetype: 'application/pdf' });
    expect(pdf.status).toBe(415);
    expect(pdf.json?.msg).toBe('Please upload a video in a supported format');
    const gif = await tusCreate(app, { uploadToken: ut, kind: 'cover', size: 1000, filetype: 'image/gif' });
    expect(gif.json?.msg).toBe('The cover must be a PNG or JPG image');
  });
});

describe('tus uploads: formats by content, not by name', () => {
  it('a PNG cover is stored in the page sizes', async () => {
    const res = await upload(app, alice.token, 'cover', await picture('png', 1600, 1200), 'image/png');
    expect(res).toMatchObject({ kind: 'cover', mime: 'image/png', width: 1600, height: 1200 });
    expect(res.url).toMatch(/^\/uploads\/cover\/\d{4}-\d{2}\/.+\.jpg$/);
    const main = await fetchFile(res.url);
    expect(main.statusCode).toBe(200);
    expect(await sharp(main.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 960, height: 540 });
    const thumb = await fetchFile(res.thumb);
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ width: 480, height: 270 });
  });

  it('a JPEG named like a text file is still a JPEG', async () => {
    const ut = await uploadToken(app, alice.token);
    const body = await picture('jpeg', 800, 600);
    const created = await tusCreate(app, { uploadToken: ut, kind: 'cover', size: body.length, filename: 'notes.txt' });
    const done = await tusPatch(app, String(created.headers.location), { uploadToken: ut, offset: 0, body });
    expect(done.status).toBe(200);
    expect(done.json?.data).toMatchObject({ mime: 'image/jpeg' });
  });

  it('a GIF sent as a PNG cover is refused at the end and removed', async () => {
    const ut = await uploadToken(app, alice.token);
    const body = await picture('gif', 300, 200);
    const created = await tusCreate(app, { uploadToken: ut, kind: 'cover', size: body.length, filetype: 'image/png', filename: 'cover.png' });
    const location = String(created.headers.location);
    const done = await tusPatch(app, location, { uploadToken: ut, offset: 0, body, lang: 'es' });
    expect(done.status).toBe(415);
    expect(done.json?.msg).toBe('La portada debe ser una imagen PNG o JPG');
    expect((await tusHead(app, location, ut)).status).toBe(404);
  });

  it('PNG magic bytes over garbage do not make a picture', async () => {
    const body = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5000, 7)]);
    await expect(upload(app, alice.token, 'image', body, 'image/png')).rejects.toThrow(/415.*Please upload a PNG or JPG image/);
  });

  it('a text file sent as a video is refused with the spec message', async () => {
    const body = Buffer.from('this is not a video '.repeat(500));
    await expect(upload(app, alice.token, 'video', body, 'video/mp4')).rejects.toThrow(/415.*Please upload a video in a supported format/);
  });

  it('an MP4 video is kept as sent', async () => {
    const body = mp4Bytes(200 * 1024);
    const res = await upload(app, alice.token, 'video', body, 'video/mp4');
    expect(res).toMatchObject({ kind: 'video', mime: 'video/mp4', size: body.length, width: null });
    expect(res.url).toMatch(/^\/uploads\/video\/.+\.mp4$/);
    const file = await fetchFile(res.url);
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, body)).toBe(0);
  });

  it('half files are never served', async () => {
    const ut = await uploadToken(app, alice.token);
    const created = await tusCreate(app, { uploadToken: ut, kind: 'video', size: 4000, filetype: 'video/mp4' });
    const id = String(created.headers.location).split('/').pop()!;
    await tusPatch(app, String(created.headers.location), { uploadToken: ut, offset: 0, body: mp4Bytes(2000) });
    expect(fs.existsSync(path.join(app.config.dataDir, 'tus', id))).toBe(true);
    expect((await fetchFile(`/uploads/${id}`)).statusCode).toBe(404);
    expect((await fetchFile(`/uploads/../tus/${id}`)).statusCode).toBe(404);
  });
});

describe('tus uploads: resume after an interruption', () => {
  it('continues from the offset the server kept; a wrong offset is refused', async () => {
    const ut = await uploadToken(app, alice.token);
    const body = mp4Bytes(300 * 1024);
    const created = await tusCreate(app, { uploadToken: ut, kind: 'video', size: body.length, filetype: 'video/mp4' });
    const location = String(created.headers.location);
    const first = await tusPatch(app, location, { uploadToken: ut, offset: 0, body: body.subarray(0, 100 * 1024) });
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(100 * 1024));
    // The connection dropped here; the client asks where to go on.
    const head = await tusHead(app, location, ut);
    expect(head.headers['upload-offset']).toBe(String(100 * 1024));
    expect((await tusPatch(app, location, { uploadToken: ut, offset: 0, body: body.subarray(0, 10) })).status).toBe(409);
    const rest = await tusPatch(app, location, { uploadToken: ut, offset: 100 * 1024, body: body.subarray(100 * 1024) });
    expect(rest.status).toBe(200);
    const file = await fetchFile(rest.json!.data!.url);
    expect(Buffer.compare(file.rawPayload, body)).toBe(0);
  });

  it('tus-js-client over a real socket: abort midway, resume, same bytes', async () => {
    // A second app on a real port (same database), as a browser would reach it.
    const server = await otherApp({});
    await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
      const ut = await uploadToken(server, alice.token);
      const body = mp4Bytes(3 * 1024 * 1024);
      let uploadUrl = '';
      // First attempt: stop after the first chunk lands.
      await new Promise<void>((resolve, reject) => {
        const up = new tus.Upload(body, {
          endpoint: `${base}/files/`,
          chunkSize: 512 * 1024,
          retryDelays: null,
          headers: { 'upload-token': ut },
          metadata: { kind: 'video', filetype: 'video/mp4', filename: 'match.mp4' },
          onChunkComplete: (_size, accepted) => {
            if (accepted >= 512 * 1024) {
              uploadUrl = up.url!;
              void up.abort().then(resolve);
            }
          },
          onError: reject,
          onSuccess: () => reject(new Error('should have been interrupted')),
        });
        up.start();
      });
      const head = await fetch(uploadUrl, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0', 'upload-token': ut } });
      const kept = Number(head.headers.get('upload-offset'));
      expect(kept).toBeGreaterThanOrEqual(512 * 1024);
      expect(kept).toBeLessThan(body.length);
      // Second attempt resumes the same upload URL.
      let sentFrom = -1;
      const result = await new Promise<string>((resolve, reject) => {
        const up = new tus.Upload(body, {
          uploadUrl,
          chunkSize: 512 * 1024,
          retryDelays: null,
          headers: { 'upload-token': ut },
          onProgress: (sent) => {
            if (sentFrom < 0) sentFrom = sent;
          },
          onError: reject,
          onSuccess: (payload) => resolve(payload.lastResponse.getBody()),
        });
        up.start();
      });
      expect(sentFrom).toBeGreaterThanOrEqual(kept);
      const envelope = JSON.parse(result);
      expect(envelope.code).toBe(200);
      const file = await fetch(`${base}${envelope.data.url}`);
      expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), body)).toBe(0);
    } finally {
      await server.close();
    }
  });
});
