import { ROOT_FOLDER_ID } from './entities';

/**
 * Share codes, read the same way by the server, the shell and the viewer: 1 to 64 letters,
 * digits, '-' or '_' (what the server issues); anything else names no share.
 */
const SHARE_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function isShareCode(text: string): boolean {
  return SHARE_CODE.test(text);
}

/** The share code of a share page's path (`/s/{code}`, one trailing slash allowed); null on any other page. */
export function shareCodeOfPage(pathname: string): string | null {
  const segment = /^\/s\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!segment) return null;
  let code: string;
  try {
    code = decodeURIComponent(segment);
  } catch {
    return null;
  }
  return isShareCode(code) ? code : null;
}

/**
 * The share code a `share_url` names: a share page's address, absolute or not (`/s/{code}`, or the
 * older `?code=` and `?s=` links), or a bare code. Spaces around it do not matter.
 */
export function shareCodeOfUrl(shareUrl: string): string | null {
  const text = shareUrl.trim();
  if (isShareCode(text)) return text;
  let url: URL;
  try {
    url = new URL(text, 'http://share.invalid');
  } catch {
    return null;
  }
  const fromPath = shareCodeOfPage(url.pathname);
  if (fromPath) return fromPath;
  const fromQuery = url.searchParams.get('code') ?? url.searchParams.get('s');
  return fromQuery !== null && isShareCode(fromQuery) ? fromQuery : null;
}

/** The address of a share's page on `origin`: the `share_url` the viewer names its share by. */
export function sharePageUrl(origin: string, code: string): string {
  return `${origin}/s/${encodeURIComponent(code)}`;
}

/** The query parameter that names a share page's listed folder: `/s/{code}?folder=7`. */
const FOLDER_PARAM = 'folder';

/**
 * The folder a share page's query names; null for the share's root (no folder, or not a folder
 * id).
 */
export function folderIdOfQuery(query: string): number | null {
  const value = new URLSearchParams(query).get(FOLDER_PARAM);
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The query with `folderId` as its folder (none for the root), the other parameters kept. */
export function queryWithFolder(query: string, folderId: number | null): string {
  const params = new URLSearchParams(query);
  if (folderId === null || folderId === ROOT_FOLDER_ID) params.delete(FOLDER_PARAM);
  else params.set(FOLDER_PARAM, String(folderId));
  return params.toString();
}
