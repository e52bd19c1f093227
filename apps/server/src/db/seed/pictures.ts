import crypto from 'node:crypto';
import type { createContentRepo } from '../../modules/content/repo.ts';
import { resizeImage } from '../../modules/content/images.ts';
import type { Storage } from '../../platform/storage.ts';
import { paintScene, type Scene } from './content-art.ts';

/**
 * Stores a painted picture the way an upload would be stored, and records it as the person's
 * upload: the demo's headline covers and pictures, and its rooms' covers.
 */
export async function storePicture(storage: Storage, repo: ReturnType<typeof createContentRepo>, kind: 'cover' | 'image', scene: Scene, seed: number, userId: number) {
  const id = `${userId}-${kind}-demo${crypto.randomBytes(8).toString('hex')}`;
  const png = paintScene(scene, seed, kind === 'cover' ? 1280 : 1080, kind === 'cover' ? 720 : 810);
  const resized = await resizeImage(kind, png);
  const base = `${kind}/demo/${id}`;
  await storage.put(`${base}.jpg`, resized.main, 'image/jpeg');
  await storage.put(`${base}-thumb.jpg`, resized.thumb, 'image/jpeg');
  const url = storage.publicUrl(`${base}.jpg`);
  const thumb = storage.publicUrl(`${base}-thumb.jpg`);
  await repo.insertUpload({ id, userId, kind, mime: 'image/png', size: png.length, url, thumb, width: resized.width, height: resized.height });
  return { url, thumb };
}
