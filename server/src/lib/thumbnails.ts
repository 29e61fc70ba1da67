import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ApiError } from './api-error';
import { Bulkhead } from './bulkhead';

// Each render on one thread, and libvips keeps no cache of its own: the store is the cache.
sharp.concurrency(1);
sharp.cache(false);

/**
 * The thumbnail sizes the server makes, in px of the longer side's square: a grid tile's 1× and
 * 2×. A URL names one of these; no other size is ever rendered.
 */
export const THUMB_SIZES = [256, 512] as const;
export type ThumbSize = (typeof THUMB_SIZES)[number];

/** Rendered thumbnails are WebP at this quality: 3 to 8 KB for the demo's 320×240 photos. */
const WEBP_QUALITY = 60;
/** A source larger than this is not read (a thumbnail of it would be refused anyway). */
export const THUMB_SOURCE_MAX_BYTES = 25 * 1024 * 1024;
/** Decoding stops past this many pixels (sharp's own limit is 268 million). */
const THUMB_SOURCE_MAX_PIXELS = 40_000_000;
/** One render may take this long; past it sharp stops and the thumbnail answers 404. */
export const THUMB_RENDER_TIMEOUT_SECONDS = 5;
/** Bumped when the rendering changes: every cached thumbnail is made again. */
const RENDER_VERSION = 1;

export function isThumbSize(size: number): size is ThumbSize {
  return (THUMB_SIZES as readonly number[]).includes(size);
}

/** Where rendered thumbnails are kept: a folder, or memory when the server has no data folder. */
export interface ThumbStore {
  get(key: string): Promise<Buffer | null>;
  set(key: string, body: Buffer): Promise<void>;
}

export function memoryThumbStore(): ThumbStore {
  const kept = new Map<string, Buffer>();
  return {
    get: async (key) => kept.get(key) ?? null,
    set: async (key, body) => {
      kept.set(key, body);
    },
  };
}

/** `<folder>/<key>.webp`, written to a temporary name first so a reader never sees half a file. */
export function diskThumbStore(folder: string): ThumbStore {
  const fileOf = (key: string) => path.join(folder, `${key}.webp`);
  return {
    get: (key) => readFile(fileOf(key)).catch(() => null),
    set: async (key, body) => {
      await mkdir(folder, { recursive: true });
      const temporary = `${fileOf(key)}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, fileOf(key));
    },
  };
}

export interface ThumbnailLimits {
  /** sharp renders at once at most (each on one of libuv's threads). */
  concurrency: number;
  /** Renders waiting their turn at most; one more answers 503 at once. */
  queue: number;
  queueTimeoutMs: number;
}

export const THUMBNAIL_LIMITS: ThumbnailLimits = {
  concurrency: 2,
  queue: 32,
  queueTimeoutMs: 5000,
};

/** Why no thumbnail: no such source file or it is no image ('none'), or too much work ('busy'). */
export type ThumbnailResult = { body: Buffer; rendered: boolean } | { failure: 'none' | 'busy' };

/**
 * Makes each thumbnail once: a source file (an item's image, or a video's poster) at one of
 * THUMB_SIZES, cut to a square (never enlarged) and encoded as WebP, kept in `store` under a key of the
 * file's path, size and modification time (a replaced file is rendered again) and answered from
 * there afterwards. Renders of the same thumbnail at the same time share one; at most
 * `limits.concurrency` run at once and a render that takes longer than
 * THUMB_RENDER_TIMEOUT_SECONDS fails. `renders` counts the renders done (for tests and metrics).
 */
export class ThumbnailMaker {
  renders = 0;
  private readonly inFlight = new Map<string, Promise<ThumbnailResult>>();
  private readonly bulkhead: Bulkhead;

  constructor(
    private readonly root: string,
    private readonly store: ThumbStore,
    limits: ThumbnailLimits = THUMBNAIL_LIMITS,
    onRefused?: () => void,
  ) {
    this.bulkhead = new Bulkhead('thumbnails', limits, onRefused);
  }

  /** The thumbnail of `file` (relative to the media root) at `size`. Never rejects. */
  async thumbnail(file: string, size: ThumbSize): Promise<ThumbnailResult> {
    const source = path.join(this.root, file);
    const info = await stat(source).catch(() => null);
    if (!info?.isFile() || info.size > THUMB_SOURCE_MAX_BYTES) return { failure: 'none' };
    const key = createHash('sha256')
      .update(`${RENDER_VERSION}|${file}|${info.mtimeMs}|${info.size}|${size}`)
      .digest('hex')
      .slice(0, 32);
    const kept = await this.store.get(key);
    if (kept) return { body: kept, rendered: false };
    const running = this.inFlight.get(key);
    if (running) return running;
    const made = this.make(source, size, key).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, made);
    return made;
  }

  private async make(source: string, size: ThumbSize, key: string): Promise<ThumbnailResult> {
    let body: Buffer;
    try {
      body = await this.bulkhead.run(() => render(source, size));
    } catch (error) {
      // The bulkhead's refusal (its line is full or the wait too long); anything else is sharp's.
      return { failure: error instanceof ApiError ? 'busy' : 'none' };
    }
    this.renders += 1;
    // Kept for next time; a store that fails only costs a render the next time.
    await this.store.set(key, body).catch(() => undefined);
    return { body, rendered: true };
  }
}

function render(source: string, size: ThumbSize): Promise<Buffer> {
  return sharp(source, { limitInputPixels: THUMB_SOURCE_MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize(size, size, { fit: 'cover', withoutEnlargement: true })
    .webp({ quality: WEBP_QUALITY, effort: 4 })
    .timeout({ seconds: THUMB_RENDER_TIMEOUT_SECONDS })
    .toBuffer();
}
