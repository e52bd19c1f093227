import sharp from 'sharp';
import type { UploadKind } from '@livesports/contracts/content';

// Sizes the pages show, so browsers never download a phone photo to draw a 300 px card.
// Covers are 16:9 (article header 960×540, list cards 480×270); circle pictures keep their shape
// up to 1280 px with a square thumbnail for the grid; avatars are square.
export const IMAGE_SIZES = {
  cover: { main: { width: 960, height: 540, fit: 'cover' }, thumb: { width: 480, height: 270, fit: 'cover' } },
  image: { main: { width: 1280, height: 1280, fit: 'inside' }, thumb: { width: 360, height: 360, fit: 'cover' } },
  avatar: { main: { width: 256, height: 256, fit: 'cover' }, thumb: { width: 96, height: 96, fit: 'cover' } },
} as const satisfies Record<Exclude<UploadKind, 'video'>, Record<'main' | 'thumb', { width: number; height: number; fit: 'cover' | 'inside' }>>;

/** Decompression-bomb guard: no real photo needs more than 50 megapixels. */
const MAX_PIXELS = 50_000_000;

export interface ResizedImage {
  main: Buffer;
  thumb: Buffer;
  /** Size of the original. */
  width: number;
  height: number;
}

/**
 * Re-encodes an image into its page sizes as JPEG (EXIF orientation applied, metadata dropped,
 * transparency flattened on the site's dark background). Throws when the bytes do not decode.
 */
export async function resizeImage(kind: Exclude<UploadKind, 'video'>, input: Buffer): Promise<ResizedImage> {
  const source = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
  const meta = await source.metadata();
  if (!meta.width || !meta.height) throw new Error('image without dimensions');
  const sizes = IMAGE_SIZES[kind];
  const render = (s: { width: number; height: number; fit: 'cover' | 'inside' }) =>
    source
      .clone()
      .resize({ width: s.width, height: s.height, fit: s.fit, withoutEnlargement: s.fit === 'inside', position: 'attention' })
      .flatten({ background: '#0f1420' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  const [main, thumb] = await Promise.all([render(sizes.main), render(sizes.thumb)]);
  // EXIF orientations 5-8 swap the sides.
  const swapped = (meta.orientation ?? 1) >= 5;
  return { main, thumb, width: swapped ? meta.height : meta.width, height: swapped ? meta.width : meta.height };
}
