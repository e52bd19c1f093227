import * as tus from 'tus-js-client';
import { UPLOAD_ENDPOINT, UPLOAD_LIMITS, type UploadKind, type UploadResult } from '@livesports/contracts/content';
import { request } from '../api/client';
import { tMsg } from '../i18n/messages';
import { getQiniuToken } from '@/shared/api/call-refs';

// Resumable uploads (tus) to our /files/ endpoint, for covers, circle pictures, avatars and videos.
// The file is checked here first (size, and format by its first bytes, as the server will do),
// then sent in chunks; the browser remembers unfinished uploads, so picking the same file again
// after a reload or a dropped connection continues where it stopped.

/** Chunk size: large enough to keep throughput near a plain upload (bench/content/upload.ts). */
export const UPLOAD_CHUNK = 8 * 1024 * 1024;

const sizeKey: Record<UploadKind, string> = {
  cover: 'content.cover_too_big',
  video: 'content.video_too_big',
  image: 'upload.image_too_big',
  avatar: 'upload.image_too_big',
};
const typeKey: Record<UploadKind, string> = {
  cover: 'content.cover_type',
  video: 'content.video_format',
  image: 'upload.image_type',
  avatar: 'upload.image_type',
};

/** Format of a file from its first bytes (the same signatures the server recognises). */
export function sniffMime(head: Uint8Array): string | null {
  const at = (offset: number, bytes: number[]) => bytes.every((b, i) => head[offset + i] === b);
  const ascii = (offset: number, text: string) =>
    at(
      offset,
      [...text].map((c) => c.charCodeAt(0)),
    );
  if (at(0, [0x89, 0x50, 0x4e, 0x47])) return 'image/png';
  if (at(0, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (ascii(0, 'GIF8')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(4, 'ftyp')) {
    const brand = String.fromCharCode(...head.slice(8, 12));
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('M4V')) return 'video/x-m4v';
    return 'video/mp4';
  }
  if (at(0, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (ascii(0, 'OggS')) return 'video/ogg';
  return null;
}

/** A localized reason the file cannot be uploaded as this kind, or null when it can. */
export async function checkFile(file: File, kind: UploadKind): Promise<string | null> {
  const limit = UPLOAD_LIMITS[kind];
  if (file.size > limit.maxBytes) return tMsg(sizeKey[kind]);
  if (file.size === 0) return tMsg(typeKey[kind]);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const mime = sniffMime(head);
  if (!mime || !limit.mimes.includes(mime)) return tMsg(typeKey[kind]);
  return null;
}

export interface UploadHandle {
  pause(): void;
  resume(): void;
  /** Stops and forgets the upload on the server. */
  cancel(): Promise<void>;
}

export interface UploadCallbacks {
  onProgress?: (sent: number, total: number) => void;
  onSuccess: (result: UploadResult) => void;
  onError: (message: string) => void;
  /** Called with true when the upload waits (paused by the person or after a lost connection). */
  onPausedChange?: (paused: boolean) => void;
}

/** The server's message out of a tus error (its body is our JSON envelope), else a generic one. */
function messageOf(err: unknown): string {
  const res = (err as tus.DetailedError)?.originalResponse;
  const body = res?.getBody?.();
  if (body) {
    try {
      const env = JSON.parse(body) as { msg?: string };
      if (env.msg) return env.msg;
    } catch {
      /* not JSON */
    }
  }
  return tMsg('upload.failed');
}

/** Starts (or resumes, when this browser began the same file before) an upload. */
export function startUpload(file: File, kind: UploadKind, cb: UploadCallbacks): UploadHandle {
  let upload: tus.Upload | null = null;
  let token = '';
  let tokenAt = 0;
  let stopped = false;
  // Upload tokens last an hour; a long video or a resume the next day fetches a new one.
  const freshToken = async () => {
    if (!token || Date.now() - tokenAt > 30 * 60 * 1000) {
      token = await request(getQiniuToken, {});
      tokenAt = Date.now();
    }
    return token;
  };

  const begin = async () => {
    try {
      await freshToken();
    } catch {
      cb.onError(tMsg('upload.token_failed'));
      return;
    }
    upload = new tus.Upload(file, {
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: UPLOAD_CHUNK,
      // Network trouble: wait and retry on its own; the person can also pause and resume.
      retryDelays: [0, 1000, 3000, 5000, 10000],
      metadata: { kind, filename: file.name, filetype: file.type },
      // Resume across reloads: the fingerprint includes the kind, so a cover and an image differ.
      fingerprint: async (f: File) => `livesports-${kind}-${f.name}-${f.type}-${f.size}-${f.lastModified}`,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: async (req) => {
        req.setHeader('upload-token', await freshToken());
      },
      onShouldRetry: (err) => {
        const status = (err as tus.DetailedError).originalResponse?.getStatus?.() ?? 0;
        // Our refusals (size, format, ownership, the per-user quota, a full disk: 507) are final;
        // only lost connections and other 5xx retry.
        return status === 0 || (status >= 500 && status !== 507) || status === 409 || status === 423;
      },
      onProgress: (sent, total) => cb.onProgress?.(sent, total),
      onError: (err) => {
        if (!stopped) cb.onError(messageOf(err));
      },
      onSuccess: (payload) => {
        try {
          const env = JSON.parse(payload.lastResponse.getBody()) as { data: UploadResult };
          cb.onSuccess(env.data);
        } catch {
          cb.onError(tMsg('upload.failed'));
        }
      },
    });
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
    if (!stopped) upload.start();
  };
  void begin();

  return {
    pause() {
      void upload?.abort();
      cb.onPausedChange?.(true);
    },
    resume() {
      cb.onPausedChange?.(false);
      upload?.start();
    },
    async cancel() {
      stopped = true;
      await upload?.abort(true).catch(() => undefined);
    },
  };
}
