import { hmac, safeEqual } from './signing';
import { nowSeconds } from './time';

/** Media links stay valid for six to seven hours; the viewer asks for fresh ones on every listing. */
export const MEDIA_URL_TTL_SECONDS = 6 * 60 * 60;
/**
 * Expiry times are rounded up to the hour: every listing of an hour signs the same URLs, so an
 * answer (or a page carrying it) can be cached and its links still hold.
 */
export const MEDIA_URL_WINDOW_SECONDS = 60 * 60;
/** The preview playlist of an HLS video: generated from index.m3u8, cut at the preview limit. */
export const PREVIEW_PLAYLIST = 'preview.m3u8';

/**
 * A media URL carries the share and the item it was issued for and an expiring HMAC over them.
 * Without a listing of the share (which needs its link, and its extract code) nobody gets a valid
 * token; the media route serves with it only that item's own files (its thumbnail, its preview,
 * an HLS preview playlist's segments), and only while the share is open and the item in it.
 */
export function signedMediaUrl(key: Buffer, shareId: number, itemId: number, file: string): string {
  const token = mediaToken(key, shareId, itemId);
  const encoded = file
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  return `/media/t/${token}/${encoded}`;
}

function mediaToken(key: Buffer, shareId: number, itemId: number): string {
  const earliest = nowSeconds() + MEDIA_URL_TTL_SECONDS;
  const exp = Math.ceil(earliest / MEDIA_URL_WINDOW_SECONDS) * MEDIA_URL_WINDOW_SECONDS;
  return `${shareId}.${itemId}.${exp}.${hmac(key, `${shareId}|${itemId}|${exp}`)}`;
}

/**
 * A server-made thumbnail of an item (lib/thumbnails.ts) at one of the fixed sizes, with the
 * same token as its media: `/media/thumb/<token>/<version>/<size>.webp`. The version (the item's
 * modification time) makes a changed item's thumbnail a new URL, so its answer may be kept long.
 */
export function signedThumbUrl(
  key: Buffer,
  item: { shareId: number; itemId: number; version: number },
  size: number,
): string {
  return `/media/thumb/${mediaToken(key, item.shareId, item.itemId)}/${item.version}/${size}.webp`;
}

/** The share and item a valid, unexpired token was issued for; null for any other token. */
export function verifyMediaToken(
  key: Buffer,
  token: string,
): { shareId: number; itemId: number } | null {
  const [shareText, itemText, expText, signature, extra] = token.split('.');
  if (!shareText || !itemText || !expText || !signature || extra !== undefined) return null;
  const id = /^[1-9]\d{0,9}$/;
  if (!id.test(shareText) || !id.test(itemText) || !/^\d{1,12}$/.test(expText)) return null;
  if (Number(expText) < nowSeconds()) return null;
  if (!safeEqual(signature, hmac(key, `${shareText}|${itemText}|${expText}`))) return null;
  return { shareId: Number(shareText), itemId: Number(itemText) };
}

/** The playlist cut at `limitSeconds`: whole segments from the start while they fit. */
export function previewPlaylist(
  fullPlaylist: string,
  limitSeconds: number,
): {
  text: string;
  segments: string[];
} {
  const lines = fullPlaylist.split(/\r?\n/);
  const header: string[] = [];
  const segments: string[] = [];
  const body: string[] = [];
  let elapsed = 0;
  let pendingDuration: number | null = null;
  let pendingInf = '';
  for (const line of lines) {
    if (line.startsWith('#EXTINF:')) {
      pendingDuration = Number.parseFloat(line.slice('#EXTINF:'.length));
      pendingInf = line;
    } else if (line.startsWith('#EXT-X-ENDLIST') || line.trim() === '') {
      continue;
    } else if (line.startsWith('#')) {
      if (segments.length === 0 && pendingDuration === null) header.push(line);
    } else if (pendingDuration !== null) {
      // A small tolerance: encoders write 10.000000 or 10.010000 for a 10-second segment.
      if (elapsed + pendingDuration > limitSeconds + 0.5) break;
      elapsed += pendingDuration;
      segments.push(line.trim());
      body.push(pendingInf, line.trim());
      pendingDuration = null;
    }
  }
  return { text: [...header, ...body, '#EXT-X-ENDLIST', ''].join('\n'), segments };
}

/** A user's avatar as the API answers it: its public media address, or '' without one. */
export function avatarUrlOf(origin: string, avatar: string): string {
  return avatar ? `${origin}/media/${avatar}` : '';
}
