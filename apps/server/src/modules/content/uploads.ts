import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Server, type ServerOptions } from '@tus/server';
import type { Upload } from '@tus/utils';
import { fileTypeFromBuffer } from 'file-type';
import { Code } from '@livesports/contracts/envelope';
import { UPLOAD_ENDPOINT, UPLOAD_KINDS, UPLOAD_LIMITS, type UploadKind, type UploadResult } from '@livesports/contracts/content';
import { type MessageKey, pickLang, translate } from '@livesports/contracts/messages';
import type { Clock } from '../../platform/clock.ts';
import { localize } from '../../platform/envelope.ts';
import { verifyUploadToken } from '../../platform/upload-token.ts';
import { resizeImage } from './images.ts';
import { type UploadQuotaLimits, createUploadQuota } from './upload-quota.ts';
import type { ContentRepo } from './repo.ts';
import type { Storage } from '../../platform/storage.ts';

// Resumable uploads (tus 1.0) for covers, circle pictures, avatars and videos up to 500 MB.
// Fastify checks the upload token (getQiniuToken) and that the upload belongs to its holder,
// then hands the raw request to @tus/server. When the last byte arrives the file is recognised by
// its content (not its name), images are resized to the page sizes, and the answer to the final
// PATCH carries the public URLs as a JSON envelope.

const TUS_PATH = UPLOAD_ENDPOINT.replace(/\/$/, '');
/** Enough for file-type to recognise every accepted format. */
const SNIFF_BYTES = 4100;
// Headers Fastify sets on the raw request for the tus hooks (client values are overwritten).
const UID_HEADER = 'x-livesports-uid';
const LANG_HEADER = 'x-livesports-lang';

const sizeMessage: Record<UploadKind, MessageKey> = {
  cover: 'content.cover_too_big',
  video: 'content.video_too_big',
  image: 'upload.image_too_big',
  avatar: 'upload.image_too_big',
};
const typeMessage: Record<UploadKind, MessageKey> = {
  cover: 'content.cover_type',
  video: 'content.video_format',
  image: 'upload.image_type',
  avatar: 'upload.image_type',
};

/** A tus hook error: @tus/server answers with this status and body. */
const refuse = (status: number, lang: string, key: MessageKey, params?: Record<string, number>) => ({
  status_code: status,
  body: JSON.stringify({ code: Code.ERROR, msg: translate(pickLang(lang), key, params), data: null }),
});

const isKind = (v: unknown): v is UploadKind => (UPLOAD_KINDS as readonly string[]).includes(String(v));

/** Sets (or removes) a header on the raw request, in both forms Node keeps; a client's own value never survives. */
function setRawHeader(req: FastifyRequest, name: string, value: string | null) {
  const raw = req.raw;
  const kept: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    if (raw.rawHeaders[i].toLowerCase() !== name) kept.push(raw.rawHeaders[i], raw.rawHeaders[i + 1]);
  }
  if (value === null) {
    delete raw.headers[name];
  } else {
    raw.headers[name] = value;
    kept.push(name, value);
  }
  raw.rawHeaders.length = 0;
  raw.rawHeaders.push(...kept);
}

export interface UploadDeps {
  storage: Storage;
  repo: ContentRepo;
  secret: string;
  clock: Clock;
  log: { warn(obj: unknown, msg?: string): void };
  /** Per-user limits on unfinished uploads and the disk's free-space floor (upload-quota.ts). */
  quota: UploadQuotaLimits;
}

export function createUploadService(deps: UploadDeps) {
  const { storage, repo } = deps;
  const quota = createUploadQuota({ storage, limits: deps.quota });

  async function finish(req: Request, upload: Upload): Promise<UploadResult> {
    const lang = req.headers.get(LANG_HEADER) ?? 'en';
    const uid = Number(req.headers.get(UID_HEADER));
    const kind = upload.metadata?.kind;
    if (!isKind(kind)) throw refuse(400, lang, 'upload.kind_invalid');
    const size = upload.size ?? upload.offset;
    const type = await fileTypeFromBuffer(await storage.readUploadHead(upload.id, SNIFF_BYTES));
    if (!type || !UPLOAD_LIMITS[kind].mimes.includes(type.mime)) {
      await storage.deleteUpload(upload.id);
      throw refuse(415, lang, typeMessage[kind]);
    }
    const month = deps.clock.now().toISOString().slice(0, 7);
    const base = `${kind}/${month}/${upload.id}`;
    let result: UploadResult;
    if (kind === 'video') {
      const key = `${base}.${type.ext}`;
      await storage.publishUpload(upload.id, key, type.mime);
      const url = storage.publicUrl(key);
      result = { id: upload.id, kind, url, thumb: url, mime: type.mime, size, width: null, height: null };
    } else {
      let resized;
      try {
        resized = await resizeImage(kind, await storage.readUpload(upload.id));
      } catch (err) {
        // Right magic bytes but not a decodable picture.
        deps.log.warn({ err, id: upload.id }, 'image upload refused');
        await storage.deleteUpload(upload.id);
        throw refuse(415, lang, typeMessage[kind]);
      }
      await Promise.all([storage.put(`${base}.jpg`, resized.main, 'image/jpeg'), storage.put(`${base}-thumb.jpg`, resized.thumb, 'image/jpeg')]);
      await storage.deleteUpload(upload.id);
      result = {
        id: upload.id,
        kind,
        url: storage.publicUrl(`${base}.jpg`),
        thumb: storage.publicUrl(`${base}-thumb.jpg`),
        mime: type.mime,
        size,
        width: resized.width,
        height: resized.height,
      };
    }
    await repo.insertUpload({ id: upload.id, userId: uid, kind, mime: result.mime, size, url: result.url, thumb: result.thumb, width: result.width, height: result.height });
    return result;
  }

  // One process holds an upload's lock (MemoryLocker); several processes need sticky upload routing.
  const options: Omit<ServerOptions, 'locker'> & { datastore: Storage['tusStore'] } = {
    path: TUS_PATH,
    datastore: storage.tusStore,
    relativeLocation: true,
    respectForwardedHeaders: true,
    // No global maxSize: each kind's own limit is checked, with its own message, in onUploadCreate
    // (the size must be declared up front), and tus never accepts more bytes than were declared.
    // <uid>-<kind>-<random>: the owner is readable from the id, so resuming needs no lookup.
    namingFunction: (req, metadata) => `${Number(req.headers.get(UID_HEADER))}-${metadata?.kind}-${crypto.randomBytes(12).toString('hex')}`,
    async onUploadCreate(req, upload) {
      const lang = req.headers.get(LANG_HEADER) ?? 'en';
      const kind = upload.metadata?.kind;
      if (!isKind(kind)) throw refuse(400, lang, 'upload.kind_invalid');
      if (upload.size === undefined) throw refuse(400, lang, 'upload.size_missing');
      if (upload.size > UPLOAD_LIMITS[kind].maxBytes) throw refuse(413, lang, sizeMessage[kind]);
      // An empty file is no picture or video; the declared type is checked again by content at the end.
      const declared = upload.metadata?.filetype;
      if (upload.size === 0 || (declared && !UPLOAD_LIMITS[kind].mimes.includes(declared) && !(kind === 'video' && declared.startsWith('video/')))) {
        throw refuse(415, lang, typeMessage[kind]);
      }
      // Within the user's own limits and the disk's, before a byte is stored (handle() runs one
      // creation of a user at a time, so two at once cannot both take the last place).
      const refused = await quota.check(Number(req.headers.get(UID_HEADER)), upload.size);
      if (refused) throw refuse(refused.status, lang, refused.key, refused.params);
      return {};
    },
    async onUploadFinish(req, upload) {
      const result = await finish(req, upload);
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ code: Code.OK, msg: translate(pickLang(req.headers.get(LANG_HEADER) ?? 'en'), 'common.ok'), data: result }),
      };
    },
    onResponseError(_req, err) {
      if ('status_code' in err) return undefined;
      deps.log.warn({ err }, 'upload failed');
      return undefined;
    },
  };
  const tus = new Server(options);

  return {
    tus,
    /** Fastify handler for every tus request under /files. */
    async handle(req: FastifyRequest, reply: FastifyReply) {
      if (req.method !== 'OPTIONS') {
        const header = req.headers['upload-token'] ?? req.headers.authorization?.replace(/^Bearer\s+/i, '');
        const token = Array.isArray(header) ? header[0] : header;
        const grant = token ? verifyUploadToken(deps.secret, token, Math.floor(deps.clock.now().getTime() / 1000)) : null;
        const fail = (status: number, key: MessageKey) =>
          reply
            .status(status)
            .header('Tus-Resumable', '1.0.0')
            .send({ code: status === 401 ? Code.NOT_LOGGED_IN : Code.ERROR, msg: localize(req, key), data: null });
        if (!grant) return fail(401, 'upload.token_failed');
        const id = req.url.split('?')[0].slice(TUS_PATH.length + 1);
        if (id && !id.startsWith(`${grant.uid}-`)) return fail(403, 'upload.not_yours');
        setRawHeader(req, UID_HEADER, String(grant.uid));
      } else {
        setRawHeader(req, UID_HEADER, null);
      }
      setRawHeader(req, LANG_HEADER, req.lang);
      reply.hijack();
      const uid = Number(req.raw.headers[UID_HEADER]);
      if (req.method !== 'POST' || !uid) return tus.handle(req.raw, reply.raw);
      // A creation: the user's next one waits until this one's upload exists (or was refused), or
      // until the client leaves, whichever comes first.
      await quota.serial(uid, () => Promise.race([tus.handle(req.raw, reply.raw), new Promise<void>((resolve) => reply.raw.once('close', resolve))]));
    },
    /** Drops uploads abandoned for a day (local disk; S3 uses bucket lifecycle rules). */
    async cleanUp() {
      try {
        return await tus.cleanUpExpiredUploads();
      } catch {
        return 0;
      }
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;
