import type { MessageKey } from '@livesports/contracts/messages';
import { type Storage, UPLOAD_EXPIRY_MS } from '../../platform/storage.ts';

/**
 * What one user may hold in unfinished resumable uploads (issue #51 item 2): an upload's parts stay
 * on the disk (or the bucket) for a day, so without a limit one account declared 60 videos of
 * 500 MB and every one was accepted. A new upload is checked before it starts, against
 *  - the number of the user's unfinished uploads (`maxOpen`),
 *  - the bytes they declare together, the new one's included (`maxOpenBytes`),
 *  - the disk's free space less the new upload's size (`minFreeBytes`, local storage only).
 * Past a limit the new upload is refused with a message saying why; the ones already open are kept.
 *
 * The count is read from the storage itself (an upload's id starts with its owner's id), so it is
 * right after a restart and for uploads finished, refused or expired meanwhile. Two creations of
 * one user are checked one after the other (`serial`), or both would see room for one more; every
 * upload request reaches one process (the primary when there are socket processes), so a
 * process-local queue is enough.
 */
export interface UploadQuotaLimits {
  maxOpen: number;
  maxOpenBytes: number;
  minFreeBytes: number;
}

export interface QuotaRefusal {
  status: number;
  key: MessageKey;
  params?: Record<string, number>;
}

const MB = 1024 * 1024;

export function createUploadQuota(deps: { storage: Storage; limits: UploadQuotaLimits }) {
  const { storage, limits } = deps;
  const queues = new Map<number, Promise<void>>();

  /** Runs `fn` once the user's previous creation is done (its upload exists or was refused). */
  async function serial<T>(uid: number, fn: () => Promise<T>): Promise<T> {
    const before = queues.get(uid) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = before.then(() => mine);
    queues.set(uid, tail);
    await before;
    try {
      return await fn();
    } finally {
      done();
      if (queues.get(uid) === tail) queues.delete(uid);
    }
  }

  /** The user's unfinished uploads that still count (an expired one is removed on the way). */
  async function openUploads(uid: number) {
    // tus dates an upload with the wall clock (and expires it by that), not the site's clock.
    const now = Date.now();
    const open: Array<{ id: string; bytes: number }> = [];
    for (const id of await storage.listUploads(`${uid}-`)) {
      const upload = await storage.tusStore.getUpload(id).catch(() => null);
      if (!upload) continue;
      const created = upload.creation_date ? Date.parse(upload.creation_date) : now;
      if (now - created > UPLOAD_EXPIRY_MS) {
        await storage.deleteUpload(id).catch(() => undefined);
        continue;
      }
      open.push({ id, bytes: upload.size ?? upload.offset });
    }
    return open;
  }

  /** Why a new upload of `size` bytes by `uid` is refused, or null when it may start. */
  async function check(uid: number, size: number): Promise<QuotaRefusal | null> {
    const open = await openUploads(uid);
    if (open.length >= limits.maxOpen) return { status: 429, key: 'upload.too_many_open', params: { max: limits.maxOpen } };
    const bytes = open.reduce((n, u) => n + u.bytes, 0);
    if (bytes + size > limits.maxOpenBytes) return { status: 413, key: 'upload.too_many_bytes', params: { max: Math.floor(limits.maxOpenBytes / MB) } };
    const free = await storage.freeBytes().catch(() => null);
    if (free !== null && free - size < limits.minFreeBytes) return { status: 507, key: 'upload.disk_full' };
    return null;
  }

  return { serial, check, openUploads };
}
