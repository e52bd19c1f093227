import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { getQiniuToken } from '@livesports/contracts/account';
import { classifyList, publishArticle, type UploadKind, type UploadResult } from '@livesports/contracts/content';
import { users } from '../src/db/schema/account.ts';
import { call } from './helpers.ts';

// Fixtures for the content, social and search tests: real pictures, real tus uploads through
// the app, a real upload token from getQiniuToken.

export async function uploadToken(app: FastifyInstance, token: string): Promise<string> {
  const res = await call(app, getQiniuToken, {}, { token });
  if (res.code !== 200) throw new Error(`getQiniuToken: ${res.msg}`);
  return res.data;
}

/** A picture of the given size and format, made by sharp (noise, so it does not compress to nothing). */
export async function picture(format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png', width = 1200, height = 800): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 }, noise: { type: 'gaussian', mean: 128, sigma: 30 } } });
  return img.toFormat(format).toBuffer();
}

/** The smallest valid MP4 header: an ftyp box, which is how players and file-type recognise MP4. */
export function mp4Bytes(size = 64 * 1024): Buffer {
  const buf = Buffer.alloc(size);
  const ftyp = Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]);
  ftyp.copy(buf, 0);
  return buf;
}

const meta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export interface TusReply {
  status: number;
  headers: Record<string, unknown>;
  body: string;
  json?: { code: number; msg: string; data: UploadResult | null };
}

const reply = (res: { statusCode: number; headers: Record<string, unknown>; body: string }): TusReply => {
  let json;
  try {
    json = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, headers: res.headers, body: res.body, json };
};

/** tus creation (POST /files): returns the reply; Location holds the upload URL. */
export async function tusCreate(app: FastifyInstance, opts: { uploadToken?: string; kind: string; size: number; filetype?: string; filename?: string; lang?: string }) {
  const headers: Record<string, string> = {
    'tus-resumable': '1.0.0',
    'upload-length': String(opts.size),
    'upload-metadata': meta({ kind: opts.kind, filename: opts.filename ?? 'file', ...(opts.filetype ? { filetype: opts.filetype } : {}) }),
  };
  if (opts.uploadToken) headers['upload-token'] = opts.uploadToken;
  if (opts.lang) headers.lang = opts.lang;
  return reply(await app.inject({ method: 'POST', url: '/files', headers }));
}

export async function tusPatch(app: FastifyInstance, location: string, opts: { uploadToken?: string; offset: number; body: Buffer; lang?: string }) {
  const headers: Record<string, string> = {
    'tus-resumable': '1.0.0',
    'upload-offset': String(opts.offset),
    'content-type': 'application/offset+octet-stream',
  };
  if (opts.uploadToken) headers['upload-token'] = opts.uploadToken;
  if (opts.lang) headers.lang = opts.lang;
  return reply(await app.inject({ method: 'PATCH', url: location, headers, payload: opts.body }));
}

export async function tusHead(app: FastifyInstance, location: string, uploadToken: string) {
  return reply(await app.inject({ method: 'HEAD', url: location, headers: { 'tus-resumable': '1.0.0', 'upload-token': uploadToken } }));
}

/** Uploads a whole file in one PATCH and returns the checked result (throws on refusal). */
export async function upload(app: FastifyInstance, token: string, kind: UploadKind, body: Buffer, filetype?: string): Promise<UploadResult> {
  const ut = await uploadToken(app, token);
  const created = await tusCreate(app, { uploadToken: ut, kind, size: body.length, filetype });
  if (created.status !== 201) throw new Error(`tus create ${created.status}: ${created.body}`);
  const done = await tusPatch(app, String(created.headers.location), { uploadToken: ut, offset: 0, body });
  if (done.status !== 200 || !done.json?.data) throw new Error(`tus patch ${done.status}: ${done.body}`);
  return done.json.data;
}

/** A published headline with an uploaded 16:9 cover, in the first category: its id and cover. */
export async function publishedArticle(app: FastifyInstance, token: string, title: string, content = '<p>Three things we learned.</p>'): Promise<{ id: number; cover: string }> {
  const cover = (await upload(app, token, 'cover', await picture('png', 640, 360), 'image/png')).url;
  const cats = await call(app, classifyList, {});
  const res = await call(app, publishArticle, { title, classify_id: cats.data[0].id, content, image: cover }, { token });
  if (res.code !== 200) throw new Error(`publish: ${res.msg}`);
  return { id: res.data.id, cover };
}

export async function makeAnchor(app: FastifyInstance, id: number, exp = 0) {
  await app.database.db.update(users).set({ isAnchor: 1, anchorExp: exp }).where(eq(users.id, id));
}

export async function setNickname(app: FastifyInstance, id: number, nickname: string) {
  await app.database.db.update(users).set({ nickname }).where(eq(users.id, id));
}
