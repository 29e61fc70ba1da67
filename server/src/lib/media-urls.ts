import path from 'node:path';
import { hmac, safeEqual } from './signing';
import { nowSeconds } from './time';

/** Media links stay valid for six hours; the viewer asks for fresh ones on every listing. */
export const MEDIA_URL_TTL_SECONDS = 6 * 60 * 60;
/** The preview playlist of an HLS video: generated from index.m3u8, cut at the preview limit. */
export const PREVIEW_PLAYLIST = 'preview.m3u8';

/**
 * A media URL carries an expiring HMAC over a scope: one file, or a folder (ending in '/') for an
 * HLS video, so the playlist's relative segment URIs are covered by the same token. Without a
 * listing of the share (which needs the extract code) nobody gets a valid token.
 */
export function signedMediaUrl(key: Buffer, scope: string, file: string): string {
  const exp = nowSeconds() + MEDIA_URL_TTL_SECONDS;
  const token = `${exp}.${hmac(key, `${exp}|${scope}`)}`;
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

export function verifyMediaToken(key: Buffer, token: string, file: string): boolean {
  const [expText, signature, extra] = token.split('.');
  if (!expText || !signature || extra !== undefined || !/^\d{1,12}$/.test(expText)) return false;
  if (Number(expText) < nowSeconds()) return false;
  return candidateScopes(file).some((scope) =>
    safeEqual(signature, hmac(key, `${expText}|${scope}`)),
  );
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
