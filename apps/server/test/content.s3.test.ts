import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { loadConfig } from '../src/config.ts';
import { createStorage, type Storage } from '../src/platform/storage.ts';
import { otherApp } from './helpers.ts';
import { mp4Bytes } from './content-helpers.ts';

// The storage layer against an S3-compatible API (s3rver, a local S3 server), as an operator runs
// with S3_BUCKET set: what the upload finish step does with a finished tus object, and how
// /uploads/<key> is served from the bucket. (s3rver lacks ListParts, which @tus/s3-store needs to
// resume multipart uploads, so the tus part itself is covered by @tus/s3-store's own tests.)
let s3: S3rver;
let dir: string;
let env: Record<string, string>;
let storage: Storage;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'livesports-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'media', configs: [] }] });
  const { port } = await s3.run();
  env = { S3_BUCKET: 'media', S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  storage = await createStorage(loadConfig({ DATA_DIR: process.env.TEST_DATA_DIR, ...env }));
});

afterAll(async () => {
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('reads the head of a finished upload and publishes it under its public key', async () => {
    expect(storage.kind).toBe('s3');
    const body = mp4Bytes(300_000);
    await storage.put('7-video-abc', body, 'application/octet-stream'); // where tus leaves a finished upload
    expect(Buffer.compare(await storage.readUploadHead('7-video-abc', 4100), body.subarray(0, 4100))).toBe(0);
    expect((await storage.readUpload('7-video-abc')).length).toBe(body.length);
    await storage.publishUpload('7-video-abc', 'video/2026-01/7-video-abc.mp4', 'video/mp4');
    const obj = await storage.get('video/2026-01/7-video-abc.mp4');
    expect(obj?.contentType).toBe('video/mp4');
    expect(obj?.length).toBe(body.length);
    obj?.body.destroy();
    expect(await storage.get('7-video-abc')).toBeNull();
    expect(storage.publicUrl('video/x.mp4')).toBe('/uploads/video/x.mp4');
  });

  it('the site streams /uploads/<key> from the bucket, or redirects to its public URL', async () => {
    await storage.put('cover/demo/a.jpg', Buffer.from('jpeg bytes'), 'image/jpeg');
    const streamed = await otherApp(env);
    try {
      const res = await streamed.inject({ method: 'GET', url: '/uploads/cover/demo/a.jpg' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.body).toBe('jpeg bytes');
      expect((await streamed.inject({ method: 'GET', url: '/uploads/cover/demo/missing.jpg' })).statusCode).toBe(404);
    } finally {
      await streamed.close();
    }
    const redirecting: FastifyInstance = await otherApp({ ...env, S3_PUBLIC_URL: 'https://cdn.example.com/media/' });
    try {
      const res = await redirecting.inject({ method: 'GET', url: '/uploads/cover/demo/a.jpg' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://cdn.example.com/media/cover/demo/a.jpg');
    } finally {
      await redirecting.close();
    }
  });

  it("lists one user's uploads in progress by their descriptions (the per-user upload quota)", async () => {
    for (const key of ['8-video-aaa.info', '8-video-aaa', '8-cover-bbb.info', '80-video-ccc.info']) await storage.put(key, Buffer.from('{}'), 'application/json');
    expect((await storage.listUploads('8-')).sort()).toEqual(['8-cover-bbb', '8-video-aaa']);
    expect(await storage.freeBytes()).toBeNull();
  });
});
