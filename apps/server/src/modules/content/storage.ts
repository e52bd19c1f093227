import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';
import { FileStore } from '@tus/file-store';
import type { Config } from '../../config.ts';

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
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Streams a published object (S3 without a public bucket URL). */
  get(key: string): Promise<{ body: Readable; contentType: string; length: number } | null>;
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
    async put(key, body) {
      const target = publicFile(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.writeFile(target, body);
    },
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
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
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
    async put(key, body, contentType) {
      await (await client()).putObject({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: 'public, max-age=31536000, immutable' });
    },
    async get(key) {
      try {
        const res = await (await client()).getObject({ Bucket: bucket, Key: key });
        return { body: res.Body as Readable, contentType: res.ContentType ?? 'application/octet-stream', length: res.ContentLength ?? 0 };
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
    publicUrl: (key) => `/uploads/${key}`,
    redirectBase: config.S3_PUBLIC_URL?.replace(/\/$/, ''),
  };
}

