import path from 'node:path';
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
 * A media URL carries the share it was issued for and an expiring HMAC over that share and a
 * scope: one file, or a folder (ending in '/') for an HLS video, so the playlist's relative
 * segment URIs are covered by the same token. Without a listing of the share (which needs its
 * link, and its extract code) nobody gets a valid token; the media route serves it only while
 * the share is open.
 */
export function signedMediaUrl(key: Buffer, shareId: number, scope: string, file: string): string {
  const earliest = nowSeconds() + MEDIA_URL_TTL_SECONDS;
  const exp = Math.ceil(earliest / MEDIA_URL_WINDOW_SECONDS) * MEDIA_URL_WINDOW_SECONDS;
  const token = `${shareId}.${exp}.${hmac(key, `${shareId}|${exp}|${scope}`)}`;
  const encoded = file
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  return `/media/t/${token}/${encoded}`;
}

/** Scopes that could cover a file: the file itself and each folder above it. */
function candidateScopes(file: string): string[] {
  const scopes = [file];
  let folder = path.posix.dirname(file);
  while (folder !== '.' && folder !== '/') {
    scopes.push(`${folder}/`);
    folder = path.posix.dirname(folder);
  }
  return scopes;
}

/** The share a valid, unexpired token for `file` was issued for; null for any other token. */
export function verifyMediaToken(key: Buffer, token: string, file: string): number | null {
  const [shareText, expText, signature, extra] = token.split('.');
  if (!shareText || !expText || !signature || extra !== undefined) return null;
  if (!/^[1-9]\d{0,9}$/.test(shareText) || !/^\d{1,12}$/.test(expText)) return null;
  if (Number(expText) < nowSeconds()) return null;
  const valid = candidateScopes(file).some((scope) =>
    safeEqual(signature, hmac(key, `${shareText}|${expText}|${scope}`)),
  );
  return valid ? Number(shareText) : null;
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
