import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';
import fastifyStatic from '@fastify/static';
import { FileStore } from '@tus/file-store';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

/** Uploads still in progress are dropped after a day without a finish. */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * Where uploaded files live: local disk under DATA_DIR (default) or an S3-compatible bucket.
 * tus writes uploads in progress to `tusStore`; once an upload is checked, its bytes (videos) or
 * resized versions (images) are published under a key and served at /uploads/<key>.
 */
export interface Storage {
  kind: 'local' | 's3';
  tusStore: DataStore;
  /** The first bytes of a finished upload, to recognise its format by content. */
  readUploadHead(id: string, bytes: number): Promise<Buffer>;
  /** A whole finished upload (only for images, which are at most a few MB). */
  readUpload(id: string): Promise<Buffer>;
  /** Moves a finished upload's bytes to a public key (videos are kept as sent). */
  publishUpload(id: string, key: string, contentType: string): Promise<void>;
  /** Forgets an upload in progress or a rejected one. */
  deleteUpload(id: string): Promise<void>;
  /** The ids of uploads in progress whose id starts with `prefix` (one user's: `<uid>-`), for the per-user quota. */
  listUploads(prefix: string): Promise<string[]>;
  /** Bytes free for uploads in progress on this machine's disk; null for a bucket (no disk of ours fills up). */
  freeBytes(): Promise<number | null>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Publishes a finished local file under a key (moved on local disk, uploaded then removed with a bucket). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Removes published objects (replays past their retention, deleted clips). */
  remove(keys: string[]): Promise<void>;
  /** Where a published object lies on this machine's disk (local storage only), for tools such as ffmpeg. */
  localPath?(key: string): string;
  /** Streams a published object (S3 without a public bucket URL); `range` is an HTTP Range header value. */
  get(key: string, range?: string): Promise<{ body: Readable; contentType: string; length: number; contentRange?: string } | null>;
  /** The URL pages use: always /uploads/<key>, so stored URLs survive a move between backends. */
  publicUrl(key: string): string;
  /** S3 with a public bucket URL: /uploads/<key> redirects there instead of streaming. */
  redirectBase?: string;
}

export async function createStorage(config: Config): Promise<Storage> {
  return config.S3_BUCKET ? createS3Storage(config) : createLocalStorage(config.dataDir);
}

export function createLocalStorage(dataDir: string): Storage {
  // In-progress uploads live outside the served folder, so half files are never public.
  const tusDir = path.join(dataDir, 'tus');
  const publicDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(tusDir, { recursive: true });
  fs.mkdirSync(publicDir, { recursive: true });
  const tusFile = (id: string) => path.join(tusDir, path.basename(id));
  const publicFile = (key: string) => {
    const file = path.resolve(publicDir, key);
    if (!file.startsWith(publicDir + path.sep)) throw new Error(`bad storage key ${key}`);
    return file;
  };
  return {
    kind: 'local',
    tusStore: new FileStore({ directory: tusDir, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS }),
    async readUploadHead(id, bytes) {
      const fh = await fs.promises.open(tusFile(id), 'r');
      try {
        const buf = Buffer.alloc(bytes);
        const { bytesRead } = await fh.read(buf, 0, bytes, 0);
        return buf.subarray(0, bytesRead);
      } finally {
        await fh.close();
      }
    },
    readUpload: (id) => fs.promises.readFile(tusFile(id)),
    async publishUpload(id, key) {
      const target = publicFile(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(tusFile(id), target);
      await fs.promises.rm(`${tusFile(id)}.json`, { force: true });
    },
    async deleteUpload(id) {
      await fs.promises.rm(tusFile(id), { force: true });
      await fs.promises.rm(`${tusFile(id)}.json`, { force: true });
    },
    async listUploads(prefix) {
      // Each upload in progress has its description beside its bytes, `<id>.json` (@tus/file-store).
      const names = await fs.promises.readdir(tusDir);
      return names.filter((n) => n.startsWith(prefix) && n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length));
    },
    async freeBytes() {
      const s = await fs.promises.statfs(tusDir);
      return s.bavail * s.bsize;
    },
    async put(key, body) {
      const target = publicFile(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.writeFile(target, body);
    },
    async putFile(key, file) {
      const target = publicFile(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.rename(file, target).catch(async (err: NodeJS.ErrnoException) => {
        // Another file system (a DATA_DIR split over mounts): copy, then drop the original.
        if (err.code !== 'EXDEV') throw err;
        await fs.promises.copyFile(file, target);
        await fs.promises.rm(file, { force: true });
      });
    },
    async remove(keys) {
      await Promise.all(keys.map((k) => fs.promises.rm(publicFile(k), { force: true })));
    },
    localPath: (key) => publicFile(key),
    async get() {
      return null; // served by @fastify/static
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}

async function createS3Storage(config: Config): Promise<Storage> {
  // Loaded only when a bucket is configured: the AWS SDK is heavy for a local-disk start.
  const [{ S3 }, { S3Store }] = await Promise.all([import('@aws-sdk/client-s3'), import('@tus/s3-store')]);
  const clientConfig = {
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : undefined,
  };
  const bucket = config.S3_BUCKET!;
  const s3 = new S3(clientConfig);
  const client = async () => s3;
  // tus keeps in-progress uploads under their id (and `<id>.info`); published keys live beside them.
  const tusStore = new S3Store({
    partSize: 8 * 1024 * 1024,
    expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS,
    s3ClientConfig: { bucket, ...clientConfig },
  });
  const bytesOf = async (body: unknown) => Buffer.from(await (body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
  return {
    kind: 's3',
    tusStore,
    async readUploadHead(id, bytes) {
      const res = await (await client()).getObject({ Bucket: bucket, Key: id, Range: `bytes=0-${bytes - 1}` });
      return bytesOf(res.Body);
    },
    async readUpload(id) {
      const res = await (await client()).getObject({ Bucket: bucket, Key: id });
      return bytesOf(res.Body);
    },
    async publishUpload(id, key, contentType) {
      const s3 = await client();
      await s3.copyObject({ Bucket: bucket, CopySource: `${bucket}/${id}`, Key: key, ContentType: contentType, MetadataDirective: 'REPLACE' });
      await s3.deleteObjects({ Bucket: bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }] } });
    },
    async deleteUpload(id) {
      await tusStore.remove(id).catch(() => undefined);
      await (await client()).deleteObjects({ Bucket: bucket, Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }] } });
    },
    async listUploads(prefix) {
      // Each upload in progress has its description in `<id>.info` (@tus/s3-store).
      const ids: string[] = [];
      let token: string | undefined;
      do {
        const res = await (await client()).listObjectsV2({ Bucket: bucket, Prefix: prefix, ContinuationToken: token });
        for (const o of res.Contents ?? []) if (o.Key?.endsWith('.info')) ids.push(o.Key.slice(0, -'.info'.length));
        token = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (token);
      return ids;
    },
    freeBytes: async () => null,
    async put(key, body, contentType) {
      await (await client()).putObject({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' });
    },
    async putFile(key, file, contentType) {
      const body = await fs.promises.readFile(file);
      await (await client()).putObject({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' });
      await fs.promises.rm(file, { force: true });
    },
    async remove(keys) {
      const s3c = await client();
      // DeleteObjects takes at most 1000 keys a call.
      for (let i = 0; i < keys.length; i += 1000) await s3c.deleteObjects({ Bucket: bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })) } });
    },
    async get(key, range) {
      try {
        const res = await (await client()).getObject({ Bucket: bucket, Key: key, ...(range ? { Range: range } : {}) });
        return { body: res.Body as Readable, contentType: res.ContentType ?? 'application/octet-stream', length: res.ContentLength ?? 0, contentRange: res.ContentRange };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    publicUrl: (key) => `/uploads/${key}`,
    redirectBase: config.S3_PUBLIC_URL?.replace(/\/$/, ''),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/**
 * Storage as a platform piece: where uploads and published files live (local disk or a bucket),
 * and /uploads/<key> served from there: the disk through @fastify/static, a bucket by a redirect
 * to its public URL or a stream.
 */
export const storagePlugin = fp(
  async (app) => {
    const storage = await createStorage(app.config);
    app.decorate('storage', storage);
    if (storage.kind === 'local') {
      const uploads = path.join(app.config.dataDir, 'uploads');
      await app.register(fastifyStatic, {
        root: uploads,
        prefix: '/uploads/',
        decorateReply: false,
        index: false,
        // Replay segments, posters and clips never change once written (new ones get new keys), so a
        // CDN may keep them; a replay's stored playlist can be rewritten when its broadcast resumes.
        setHeaders: (res, file) => {
          const rel = path.relative(uploads, file).split(path.sep);
          if (rel[0] === 'replays' || rel[0] === 'clips') res.header('cache-control', file.endsWith('.m3u8') ? 'public, max-age=60' : 'public, max-age=31536000, immutable');
        },
      });
      return;
    }
    // With a bucket, /uploads/<key> keeps working: a redirect to the public bucket, or a stream.
    app.get('/uploads/*', async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      if (storage.redirectBase) return reply.redirect(`${storage.redirectBase}/${key}`, 302);
      // Range requests pass through, so players and CDNs can fetch parts of videos and replay segments.
      const range = typeof req.headers.range === 'string' && /^bytes=\d*-\d*$/.test(req.headers.range) ? req.headers.range : undefined;
      const obj = await storage.get(key, range);
      if (!obj) return reply.status(404).send({ code: 1, msg: 'Not found', data: null });
      if (obj.contentRange) reply.status(206).header('content-range', obj.contentRange);
      return reply
        .header('content-type', obj.contentType)
        .header('accept-ranges', 'bytes')
        .header('content-length', obj.length)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(obj.body);
    });
  },
  { name: 'storage', fastify: '5.x', dependencies: ['config'] },
);
